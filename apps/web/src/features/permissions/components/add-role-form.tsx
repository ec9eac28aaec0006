import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLE_ONLY_ROLES, type AuthCatalogInput, type Role } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAllRoles } from '../api/permission-queries.ts';
import { NO_CATALOG, toCatalogInput, type CatalogSelection } from '../catalog-selection.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import { CatalogPicker } from './catalog-picker.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** Roles that are store-wide only: the catalog picker is hidden for them (docs/behaviour/validation.md). */
const ROLE_ONLY = new Set(ROLE_ONLY_ROLES);

interface AddRoleFormProps {
  /** False until a findable user (an address with '@' and '.') is shown: nothing can be saved. */
  enabled: boolean;
  busy: boolean;
  /** Resolves true when the role was assigned, so the form clears itself. */
  onAssign: (role: Role, catalog: AuthCatalogInput | null) => Promise<boolean>;
}

/** Role picker plus catalog picker, with 'Save Permission' and 'Clear Form' (docs/behaviour/routes-and-guard.md, docs/behaviour/validation.md). */
export function AddRoleForm({ enabled, busy, onAssign }: AddRoleFormProps) {
  const roles = useAllRoles(true);
  const [roleId, setRoleId] = useState('');
  const [catalog, setCatalog] = useState<CatalogSelection>(NO_CATALOG);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const role = roles.data?.find((r) => String(r.id) === roleId);
  const roleOnly = role !== undefined && ROLE_ONLY.has(role.name);

  const clear = () => {
    setRoleId('');
    setCatalog(NO_CATALOG);
    setError(null);
  };

  const assign = async (chosen: Role, input: AuthCatalogInput | null) => {
    if (await onAssign(chosen, input)) clear();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!role) {
      setError(PERMISSION_MESSAGES.roleRequired);
      return;
    }
    setError(null);
    const input = roleOnly ? null : toCatalogInput(catalog);
    if (input === null) {
      setConfirming(true);
      return;
    }
    void assign(role, input);
  };

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2} aria-label="Add a role">
      {roles.error ? <Alert severity="error">{errorMessage(roles.error)}</Alert> : null}
      <TextField
        select
        label="Role"
        value={roleId}
        onChange={(event) => {
          setRoleId(event.target.value);
          setError(null);
          const next = roles.data?.find((r) => String(r.id) === event.target.value);
          if (next && ROLE_ONLY.has(next.name)) setCatalog(NO_CATALOG);
        }}
        disabled={!enabled || roles.isLoading}
        error={error !== null}
        helperText={error ?? (roles.isLoading ? 'Loading roles…' : role?.description)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 420 }}
      >
        <option value="">Select a role</option>
        {(roles.data ?? []).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.friendly}
          </option>
        ))}
      </TextField>
      {!roleOnly && <CatalogPicker value={catalog} onChange={setCatalog} disabled={!enabled} />}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!enabled || busy}>
          Save Permission
        </Button>
        <Button type="button" variant="outlined" onClick={clear} disabled={busy}>
          Clear Form
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Assign a role only?"
        message={PERMISSION_MESSAGES.roleOnlyCaution}
        confirmLabel="Assign role"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (role) void assign(role, null);
        }}
      />
    </Stack>
  );
}
