import { z } from 'zod';
import { actionName, type ActionName } from './roles.ts';

/**
 * What the server asks of a caller before it answers a call: every endpoint declares it
 * (`access`), and the authorization matrix (apps/server/src/authz-matrix/) calls every endpoint
 * as every kind of caller and checks each answer against it. It states what the server
 * enforces, not what the screens show. docs/testing-authorization-matrix.md explains each kind.
 */
export type Access =
  | PublicAccess
  | SignedInAccess
  | ActionAccess
  | StudentAccess
  | PrintAgentAccess
  | StoreTokenAccess;

/**
 * No Auth-Token: anyone may call it. The Host's website names the store, and ids of another
 * store's records answer 404. `credentials`: the request itself carries a secret (a password, a
 * remember-me secret, a reset token, a SAML ticket) and a wrong one is answered 401 or 404.
 */
export interface PublicAccess {
  kind: 'public';
  credentials?: true;
}

/**
 * Any live session of the store of the Host's website (401 without one, or with another
 * store's), acting as its own account (`:userAccountId` of another: 403).
 */
export interface SignedInAccess {
  kind: 'signedIn';
  /**
   * A query field naming an account by user name: the caller's own is answered; another
   * account's needs one of `othersNeed` (403 otherwise; never, without `othersNeed`).
   */
  self?: { field: string; othersNeed?: readonly ActionName[] };
}

/** Where the item a request names must lie for the caller's grant of the action to cover it. */
export type AccessScope =
  /** Nothing of the catalog is named (or only a list's filter: the list is narrowed). */
  | 'store'
  /**
   * A catalog item (division, term, department, course, section, professor, adoption): the
   * caller's grant must cover it or a part of it (a division holding a section of the scope).
   */
  | 'catalog'
  /** A division: the caller's grant must cover the whole division (store-wide or on it). */
  | 'division'
  /**
   * A student: store-wide grants see every student of the store; catalog-scoped grants only
   * students enrolled in a section inside their scope.
   */
  | 'student';

/** A refusal status: 403 says the caller may not; 404 does not tell whether the item exists. */
export type Refusal = 403 | 404;

/** A caller must hold one of `anyOf` (and, with `then`, also one of its actions). */
export interface ActionAccess {
  kind: 'action';
  anyOf: readonly ActionName[];
  /** 'anywhere' (the default): under any scope; 'storeWide': for the whole store. */
  held?: 'anywhere' | 'storeWide';
  /** The answer to a caller who does not hold it (default 403). */
  refusal?: Refusal;
  scope: AccessScope;
  /** The answer for an item outside the caller's scope (default 404). */
  outside?: Refusal;
  /**
   * Catalog scope: the answer when the item is of a course the caller works on but only on
   * sections they may not act on (an instructor and a colleague's section). Without it, such
   * an item counts as inside.
   */
  otherSection?: Refusal;
  /** A second check after the first, over the same item: one of these actions too. */
  then?: { anyOf: readonly ActionName[]; refusal?: Refusal };
}

/**
 * A store's integration token (`Authorization: Bearer <token>`), not a session: a publisher's or
 * LMS's platform reading the store's inclusive-access lists. The Host's website names the store
 * and the token must be that store's: none, a wrong one, another store's, or a staff session's
 * Auth-Token alone is 401; ids of another store's records answer 404.
 */
export interface StoreTokenAccess {
  kind: 'storeToken';
}

/**
 * A student's own session on the student page (inclusive access, issue 32; ADR 0048): no
 * Auth-Token, the student session header instead (401 without a live one of the Host's store,
 * and for staff sessions). It reaches only the student's own records: ids of another student's
 * answer 404.
 */
export interface StudentAccess {
  kind: 'student';
}

/** Not served by the portal: the workstation's print agent serves it (ADR 0015). */
export interface PrintAgentAccess {
  kind: 'printAgent';
}

const actionList = z.array(actionName).min(1).readonly();
const refusal = z.union([z.literal(403), z.literal(404)]);

/** The declaration, checked at run time (a contract built without endpoint() is still caught). */
export const accessSchema: z.ZodType<Access> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('public'), credentials: z.literal(true).optional() }),
  z.strictObject({
    kind: z.literal('signedIn'),
    self: z
      .strictObject({ field: z.string().min(1), othersNeed: actionList.optional() })
      .optional(),
  }),
  z.strictObject({
    kind: z.literal('action'),
    anyOf: actionList,
    held: z.enum(['anywhere', 'storeWide']).optional(),
    refusal: refusal.optional(),
    scope: z.enum(['store', 'catalog', 'division', 'student']),
    outside: refusal.optional(),
    otherSection: refusal.optional(),
    then: z
      .strictObject({
        anyOf: actionList,
        refusal: refusal.optional(),
      })
      .optional(),
  }),
  z.strictObject({ kind: z.literal('student') }),
  z.strictObject({ kind: z.literal('printAgent') }),
  z.strictObject({ kind: z.literal('storeToken') }),
]);
