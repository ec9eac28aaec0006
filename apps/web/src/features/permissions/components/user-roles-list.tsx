import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { AuthCatalog, Role, RoleCatalogs } from '@csp/contracts';
import type { RoleChange } from '../api/permission-queries.ts';
import { scopeLabel } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface UserRolesListProps {
  username: string;
  roles: readonly RoleCatalogs[];
  /** Removal buttons appear only for holders of ASSIGN_PERMISSIONS. */
  mayRemove: boolean;
  busy: boolean;
  onRemove: (change: RoleChange) => void;
}

type Pending =
  | { kind: 'remove-role'; role: Role }
  | { kind: 'remove-catalog'; role: Role; catalog: AuthCatalog };

function question(username: string, pending: Pending): string {
  if (pending.kind === 'remove-role') {
    return `Remove the ${pending.role.friendly} role from ${username}, with all its catalogs?`;
  }
  return `Remove ${pending.role.friendly} for ${scopeLabel(pending.catalog)} from ${username}?`;
}

/** The user's roles with their catalog scopes; each role, or one scope of it, can be removed. */
export function UserRolesList({ username, roles, mayRemove, busy, onRemove }: UserRolesListProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  // Keeps the question on screen while the dialog fades out after an answer.
  const [asked, setAsked] = useState<Pending | null>(null);
  if (pending && pending !== asked) setAsked(pending);
  // The Remove button that was confirmed disappears with its role or catalog; focus then moves
  // to the list (or its empty state) instead of falling to the page body.
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const refocusAfterChange = useRef(false);
  useEffect(() => {
    if (!refocusAfterChange.current) return;
    refocusAfterChange.current = false;
    (listRef.current ?? emptyRef.current)?.focus();
  }, [roles]);

  if (roles.length === 0) {
    return (
      <Typography ref={emptyRef} tabIndex={-1} color="text.secondary">
        {username} has no roles.
      </Typography>
    );
  }

  return (
    <>
      <Stack
        component="ul"
        ref={listRef}
        tabIndex={-1}
        aria-label={`Roles of ${username}`}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, '&:focus': { outline: 'none' } }}
      >
        {roles.map(({ Role: role, AuthCatalogList: catalogs }) => (
          <Paper component="li" variant="outlined" key={role.id} sx={{ p: 2 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
            >
              <Box>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {role.friendly}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {role.description}
                </Typography>
              </Box>
              {mayRemove && (
                <Button
                  color="error"
                  variant="outlined"
                  size="small"
                  disabled={busy}
                  aria-label={`Remove role: ${role.friendly}`}
                  onClick={() => setPending({ kind: 'remove-role', role })}
                  sx={{ flexShrink: 0 }}
                >
                  Remove role
                </Button>
              )}
            </Stack>
            {catalogs.length === 0 ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Store-wide (no catalog)
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label={`Catalogs of ${role.friendly}`}
                sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
              >
                {catalogs.map((catalog) => {
                  const label = scopeLabel(catalog);
                  return (
                    <Box
                      component="li"
                      key={`${catalog.divisionId}-${label}`}
                      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                    >
                      <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                        {label}
                      </Typography>
                      {mayRemove && (
                        <IconButton
                          size="small"
                          disabled={busy}
                          aria-label={`Remove ${role.friendly} for ${label}`}
                          onClick={() => setPending({ kind: 'remove-catalog', role, catalog })}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      )}
                    </Box>
                  );
                })}
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={asked?.kind === 'remove-catalog' ? 'Remove catalog' : 'Remove role'}
        message={asked ? question(username, asked) : ''}
        confirmLabel="Remove"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) {
            refocusAfterChange.current = true;
            onRemove(pending);
          }
          setPending(null);
        }}
      />
    </>
  );
}
