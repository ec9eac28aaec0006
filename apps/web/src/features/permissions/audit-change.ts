import { PERMISSION_AUDIT_EVENTS, type AuditEntry, type AuditRoleSnapshot } from '@csp/contracts';

const EVENT_LABELS: Record<string, string> = {
  [PERMISSION_AUDIT_EVENTS.accountCreated]: 'Account created',
  [PERMISSION_AUDIT_EVENTS.roleAssigned]: 'Role assigned',
  [PERMISSION_AUDIT_EVENTS.roleUnassigned]: 'Role removed',
  [PERMISSION_AUDIT_EVENTS.roleScopeUnassigned]: 'Catalog removed from a role',
};

/** 'ROLE_ASSIGNED' -> 'Role assigned'; unknown events of other areas read as words too. */
export function auditEventLabel(event: string): string {
  const known = EVENT_LABELS[event];
  if (known) return known;
  const words = event.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function grants(snapshot: AuditRoleSnapshot | null): string[] {
  return (snapshot ?? []).flatMap((r) =>
    r.scopes.length === 0
      ? [`${r.friendly} (store-wide)`]
      : r.scopes.map((scope) => `${r.friendly} (${scope})`),
  );
}

/** What an entry added and removed, as "Role (scope)" texts. */
export function auditChange(entry: Pick<AuditEntry, 'before' | 'after'>): {
  added: string[];
  removed: string[];
} {
  const before = grants(entry.before);
  const after = grants(entry.after);
  return {
    added: after.filter((g) => !before.includes(g)),
    removed: before.filter((g) => !after.includes(g)),
  };
}
