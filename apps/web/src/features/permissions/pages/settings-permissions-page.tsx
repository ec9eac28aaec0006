import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SettingsPermissionsPage() {
  return (
    <ComingSoonPage title="Permissions">
      Permission settings will let administrators find a user by email, see and remove their roles
      and catalog scopes, assign new roles and create user accounts. Until it is ready, ask the
      store&apos;s system administrator to change permissions.
    </ComingSoonPage>
  );
}
