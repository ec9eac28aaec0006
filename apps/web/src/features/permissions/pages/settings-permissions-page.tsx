import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { CreateUserSection } from '../components/create-user-section.tsx';
import { FindUserForm } from '../components/find-user-form.tsx';
import { OwnActionsSection } from '../components/own-actions-section.tsx';
import { UserPermissionsPanel } from '../components/user-permissions-panel.tsx';

/**
 * Settings > Permissions (docs/behaviour/routes-and-guard.md): open to every signed-in user, as
 * the spec's route is. Staff with ASSIGN_PERMISSIONS or CREATE_USER find a user (`?q=`, so a
 * lookup is a shareable link), see and remove their roles, add roles, create accounts; everyone
 * else sees their own roles, read-only, and what those roles let them do.
 */
export function SettingsPermissionsPage() {
  const { session, actions } = useSession();
  const [params, setParams] = useSearchParams();
  const mayAssign = actions.includes('ASSIGN_PERMISSIONS');
  const mayCreate = actions.includes('CREATE_USER');
  const mayManage = mayAssign || mayCreate;
  const own = session?.userName ?? '';
  const asked = (params.get('q') ?? '').trim();
  // Without the rights the server answers only for one's own account: show that one.
  const q = mayManage ? asked : own;
  const isSelf = q.toLowerCase() === own.toLowerCase();

  const find = (username: string) => setParams(username ? { q: username } : {});

  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <PageHeading>Permissions</PageHeading>
      {mayManage ? (
        <FindUserForm initial={q} onFind={find} onMine={() => own && find(own)} />
      ) : (
        <Typography>
          Your roles decide what you can do in the portal. Only a permission administrator of your
          store can change them.
        </Typography>
      )}
      {!mayManage && asked && asked.toLowerCase() !== own.toLowerCase() && (
        <Alert severity="info">
          You can see only your own permissions. Seeing {asked}&apos;s needs the Assign permissions
          or Create user accounts action.
        </Alert>
      )}
      {q && (
        <UserPermissionsPanel
          key={q.toLowerCase()}
          username={q}
          mayAssign={mayAssign}
          isSelf={isSelf}
          afterRoles={isSelf ? <OwnActionsSection actions={actions} /> : undefined}
        />
      )}
      {mayCreate && <CreateUserSection onManage={find} />}
    </Stack>
  );
}
