import {
  DEFAULT_ROLE_ACTIONS,
  ROLES,
  type Access,
  type AccessScope,
  type ActionName,
  type RoleName,
} from '@csp/contracts';

/**
 * What a caller holds, as the matrix models it from its role assignments and the default role
 * actions (ADR 0005): a SUBMITTER assignment without a scope grants nothing; INSTRUCTOR grants
 * only on the sections the instructor teaches (BIO 101 section 001) and their course; every
 * other assignment applies store-wide or inside Biology (its department).
 */
export interface ModelGrant {
  role: RoleName;
  scope: 'store' | 'biology';
}

/** The item a request names: Biology's, Law School's, or BIO 101's section 002 (not taught). */
export type Item = 'inside' | 'outside' | 'untaught';

export const CALLER_MODELS: Record<string, readonly ModelGrant[]> = {
  storeAdmin: [
    ...ROLES.filter((r) => r !== 'SUBMITTER').map((role) => ({ role, scope: 'store' as const })),
    { role: 'SUBMITTER', scope: 'biology' },
  ],
  fullReporter: [{ role: 'FULL_REPORTER', scope: 'store' }],
  permissionAdmin: [{ role: 'PERMISSION_ADMINISTRATOR', scope: 'store' }],
  cmaMember: [{ role: 'CMA_MEMBER', scope: 'store' }],
  cmaBiology: [{ role: 'CMA_MEMBER', scope: 'biology' }],
  submitterBiology: [{ role: 'SUBMITTER', scope: 'biology' }],
  instructor: [{ role: 'INSTRUCTOR', scope: 'store' }],
  noRole: [],
  storeB: [
    { role: 'CMA_MEMBER', scope: 'store' },
    { role: 'FULL_REPORTER', scope: 'store' },
    { role: 'PERMISSION_ADMINISTRATOR', scope: 'store' },
  ],
};

/** An answer the matrix expects: a refusal status, or "answered" (not 401, 403 or 404). */
export type Expected =
  { status: 401 | 403 | 404; why: string } | { status: 'answered'; why: string };

const refused = (status: 401 | 403 | 404, why: string): Expected => ({ status, why });
const answered = (why: string): Expected => ({ status: 'answered', why });

function effective(grant: ModelGrant): boolean {
  return !(grant.role === 'SUBMITTER' && grant.scope === 'store');
}

function grantsOf(grants: readonly ModelGrant[], anyOf: readonly ActionName[]): ModelGrant[] {
  return grants.filter(
    (g) => effective(g) && DEFAULT_ROLE_ACTIONS[g.role].some((a) => anyOf.includes(a)),
  );
}

/** Does the grant reach the item at the scope's level (a course for an instructor)? */
function covers(grant: ModelGrant, item: Item, scope: AccessScope): boolean {
  if (scope === 'store') return true;
  if (grant.role === 'INSTRUCTOR') return scope === 'catalog' && item !== 'outside';
  if (grant.scope === 'store') return true;
  if (scope === 'division') return false;
  return item !== 'outside';
}

const storeWideRole = (g: ModelGrant) =>
  g.scope === 'store' && g.role !== 'SUBMITTER' && g.role !== 'INSTRUCTOR';

const list = (actions: readonly ActionName[]) => actions.join(' or ');

/** The answer an action declaration promises this caller for this item. */
function actionAnswer(
  access: Extract<Access, { kind: 'action' }>,
  grants: readonly ModelGrant[],
  item: Item,
): Expected {
  const held = grantsOf(grants, access.anyOf);
  const holds = access.held === 'storeWide' ? held.some(storeWideRole) : held.length > 0;
  if (!holds) {
    const where = access.held === 'storeWide' ? ' for the whole store' : '';
    return refused(access.refusal ?? 403, `does not hold ${list(access.anyOf)}${where}`);
  }
  if (!held.some((g) => covers(g, item, access.scope))) {
    return refused(access.outside ?? 404, `the ${access.scope} item is outside its scope`);
  }
  if (item === 'untaught' && access.otherSection) {
    const onSection = held.some((g) => g.role !== 'INSTRUCTOR' && covers(g, item, access.scope));
    if (!onSection) return refused(access.otherSection, 'it does not teach that section');
  }
  if (access.then) {
    const also = grantsOf(grants, access.then.anyOf);
    if (!also.some((g) => covers(g, item, access.scope))) {
      return refused(access.then.refusal ?? 403, `does not hold ${list(access.then.anyOf)} there`);
    }
  }
  return answered(`holds ${list(access.anyOf)} over the item`);
}

/**
 * The answer for a signed-in caller of the request's store (its own account in the path):
 * `other` is true when a `self` field names another account.
 */
export function expectedFor(
  access: Access,
  grants: readonly ModelGrant[],
  item: Item,
  other: boolean,
): Expected {
  switch (access.kind) {
    case 'public':
      return answered('anyone may call it');
    case 'printAgent':
      throw new Error('the portal does not serve the print agent');
    case 'student':
      throw new Error("a student's calls are asked by studentCalls (matrix-student-calls.ts)");
    case 'storeToken':
      throw new Error(
        "a store token's calls are asked by storeTokenCalls (matrix-store-token-calls.ts)",
      );
    case 'signedIn': {
      if (!other || !access.self) return answered('any signed-in account may');
      const need = access.self.othersNeed;
      if (need && grantsOf(grants, need).length > 0) return answered(`holds ${list(need)}`);
      return refused(403, `names another account${need ? ` without ${list(need)}` : ''}`);
    }
    case 'action':
      return actionAnswer(access, grants, item);
  }
}

/** One line describing a declaration, for failure messages. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return access.credentials ? 'public (the request carries a credential)' : 'public';
    case 'printAgent':
      return 'print agent';
    case 'student':
      return "a student's session, reaching only the student's own records";
    case 'storeToken':
      return "the store's integration token (Bearer) on its own host";
    case 'signedIn':
      return access.self
        ? `signed in; another account's ${access.self.field} needs ${access.self.othersNeed?.join(' or ') ?? 'nothing: refused'}`
        : 'signed in';
    case 'action': {
      const parts = [
        `${access.held === 'storeWide' ? 'store-wide ' : ''}${list(access.anyOf)}`,
        `scope ${access.scope}`,
      ];
      if (access.refusal) parts.push(`else ${access.refusal}`);
      if (access.scope !== 'store') parts.push(`outside ${access.outside ?? 404}`);
      if (access.otherSection) parts.push(`other section ${access.otherSection}`);
      if (access.then)
        parts.push(`then ${list(access.then.anyOf)} (${access.then.refusal ?? 403})`);
      return parts.join(', ');
    }
  }
}
