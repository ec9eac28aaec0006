import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { CreateUserSection } from '../components/create-user-section.tsx';
import { FindUserForm } from '../components/find-user-form.tsx';
import { UserPermissionsPanel } from '../components/user-permissions-panel.tsx';

/**
 * Settings > Permissions (docs/behaviour/routes-and-guard.md): find a user (`?q=`, so a lookup is a shareable link), see and
 * remove their roles, add roles, create accounts. The route needs ASSIGN_PERMISSIONS or
 * CREATE_USER; within it, each part shows only for the action it needs.
 */
export function SettingsPermissionsPage() {
  const { session, actions } = useSession();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const mayAssign = actions.includes('ASSIGN_PERMISSIONS');
  const mayCreate = actions.includes('CREATE_USER');

  const find = (username: string) => setParams(username ? { q: username } : {});

  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <PageHeading>Permissions</PageHeading>
      <FindUserForm initial={q} onFind={find} onMine={() => session && find(session.userName)} />
      {q && (
        <UserPermissionsPanel
          key={q.toLowerCase()}
          username={q}
          mayAssign={mayAssign}
          isSelf={q.toLowerCase() === session?.userName.toLowerCase()}
        />
      )}
      {mayCreate && <CreateUserSection onManage={find} />}
    </Stack>
  );
}
