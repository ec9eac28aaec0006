import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAssignableUsername, type AuthCatalogInput, type Role } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useRoleChange, useUserPermissions, type RoleChange } from '../api/permission-queries.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import { scopeLabel } from '@csp/contracts';
import { AddRoleForm } from './add-role-form.tsx';
import { AuditHistory } from './audit-history.tsx';
import { UserRolesList } from './user-roles-list.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CircularProgress size={20} aria-label={label} />
      <Typography color="text.secondary">{label}…</Typography>
    </Stack>
  );
}

function successText(change: RoleChange, username: string): string {
  switch (change.kind) {
    case 'assign':
      return `${change.role.friendly} assigned to ${username}.`;
    case 'remove-role':
      return `${change.role.friendly} removed from ${username}.`;
    case 'remove-catalog':
      return `${change.role.friendly} for ${scopeLabel(change.catalog)} removed from ${username}.`;
  }
}

/** The account, roles, add-role form and history of the user in `?q=`. */
export function UserPermissionsPanel({
  username,
  mayAssign,
  isSelf,
  afterRoles,
}: {
  username: string;
  mayAssign: boolean;
  /** Shown between the roles and the history (one's own actions, on one's own account). */
  afterRoles?: ReactNode;
  /** The signed-in user's own account: nobody grants roles to themselves (the server refuses). */
  isSelf: boolean;
}) {
  const notify = useNotify();
  const valid = isAssignableUsername(username);
  const { user, roles, audit } = useUserPermissions(username, valid);
  const change = useRoleChange(username);

  const apply = async (c: RoleChange): Promise<boolean> => {
    try {
      await change.mutateAsync(c);
      notify({ type: 'success', message: successText(c, username) });
      return true;
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
      return false;
    }
  };
  const assign = (role: Role, catalog: AuthCatalogInput | null) =>
    apply({ kind: 'assign', role, catalog });

  let body: ReactNode;
  if (!valid) {
    body = (
      <Alert severity="warning">
        {username} is not a full e-mail address. Enter one with @ and . to find a user.
      </Alert>
    );
  } else if (user.isLoading) {
    body = <Loading label="Loading permissions" />;
  } else if (user.error) {
    body = <Alert severity="error">{errorMessage(user.error)}</Alert>;
  } else if (user.data) {
    const account = user.data;
    body = (
      <Stack spacing={2}>
        <Typography>
          <strong>{account.name}</strong> ({account.email}) ·{' '}
          {account.active ? 'Active' : 'Inactive'}
          {' · '}
          {account.lastLoginAt
            ? `Last signed in ${formatDisplayDate(new Date(account.lastLoginAt))}`
            : 'Never signed in'}
        </Typography>
        {roles.isLoading && <Loading label="Loading roles" />}
        {roles.error ? <Alert severity="error">{errorMessage(roles.error)}</Alert> : null}
        {roles.data && (
          <UserRolesList
            username={account.userName}
            roles={roles.data.authRoleCatalogsDTO}
            mayRemove={mayAssign}
            busy={change.isPending}
            onRemove={(c) => void apply(c)}
          />
        )}
      </Stack>
    );
  }

  return (
    <>
      <Section title={`Permissions of ${username}`}>
        <div aria-live="polite">{body}</div>
      </Section>
      {mayAssign && isSelf && (
        <Section title="Add a role">
          <Typography variant="body2">{PERMISSION_MESSAGES.ownRoles}</Typography>
        </Section>
      )}
      {mayAssign && !isSelf && (
        <Section title="Add a role">
          {!valid || !user.isSuccess ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Assigning a role needs a user found by a full e-mail address (with @ and .).
            </Typography>
          ) : null}
          <AddRoleForm
            enabled={valid && user.isSuccess}
            busy={change.isPending}
            onAssign={assign}
          />
        </Section>
      )}
      {afterRoles}
      {valid && user.isSuccess && (
        <Section title="History">
          <AuditHistory
            entries={audit.data?.entries}
            isLoading={audit.isLoading}
            error={audit.error}
          />
        </Section>
      )}
    </>
  );
}
