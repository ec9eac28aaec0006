import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { actionName, type ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import { resolveCatalogAncestry, type CatalogAncestry } from '../catalog/index.ts';
import {
  grantsFromColumn,
  listGrants,
  listTaughtSections,
  taughtFromColumn,
  type Grant,
} from './repository.ts';

type Taught = { sections: Set<number>; courses: Set<number> };

function taughtOf(rows: readonly { sectionId: number; courseId: number }[]): Taught {
  return {
    sections: new Set(rows.map((r) => r.sectionId)),
    courses: new Set(rows.map((r) => r.courseId)),
  };
}

/** A catalog item to ask about: any of its ids; the most specific one given decides. */
export interface CatalogItem {
  divisionId?: number | null;
  departmentId?: number | null;
  courseId?: number | null;
  sectionId?: number | null;
}

/** The columns a list query offers for its rows' catalog levels (down to the list's own level). */
export interface CatalogColumns {
  divisionId?: AnyColumn | SQL;
  departmentId?: AnyColumn | SQL;
  courseId?: AnyColumn | SQL;
  sectionId?: AnyColumn | SQL;
}

/** Most specific first: the first non-null level of an item or a grant decides. */
const LEVELS = ['sectionId', 'courseId', 'departmentId', 'divisionId'] as const;

const DEFAULT_REFUSAL = 'You do not have permission to do this.';

function isStoreWide(grant: Grant): boolean {
  return LEVELS.every((level) => grant[level] == null);
}

function isEmptyItem(item: CatalogItem | undefined): boolean {
  return !item || LEVELS.every((level) => item[level] == null);
}

/** Every id the caller gave must agree with the resolved ancestry ("BIO 101" under "Law" is no item). */
function agrees(item: CatalogItem, ancestry: CatalogAncestry): boolean {
  return LEVELS.every((level) => item[level] == null || item[level] === ancestry[level]);
}

/** Whether a grant's scope contains the item: store-wide, or its node is an ancestor-or-self. */
function scopeContains(grant: Grant, ancestry: CatalogAncestry): boolean {
  for (const level of LEVELS) {
    const id = grant[level];
    if (id != null) return ancestry[level] === id;
  }
  return true;
}

/**
 * The caller's grants, loaded once per request (with a signed-in call, by the session check's
 * own statement: see grantColumns), answering every permission question of that request in
 * memory: the action list, "may they do X on this item", "on which of these rows", and the
 * SQL predicate a list query joins on. Rules:
 * - a SUBMITTER assignment without a catalog scope grants nothing (a submitter always works
 *   within a division, department, course or section);
 * - INSTRUCTOR grants its actions only on sections the linked professor teaches (and their
 *   courses), and in the action list only when they teach at least one;
 * - every other assignment applies store-wide or inside its own subtree
 *   (division > department > course > section).
 * Roles map to actions as data (role_actions); the contract's DEFAULT_ROLE_ACTIONS is never read.
 */
export class Grants {
  private readonly byAction = new Map<string, Grant[]>();
  private constructor(
    private readonly db: Db,
    readonly session: Pick<Session, 'accountId' | 'locationId'>,
    private readonly grants: readonly Grant[],
    /** The sections taught, when already read; else read on first need (INSTRUCTOR only). */
    private taught?: Promise<Taught>,
  ) {
    for (const grant of grants) {
      const list = this.byAction.get(grant.actionName) ?? [];
      list.push(grant);
      this.byAction.set(grant.actionName, list);
    }
  }

  static async load(db: Db, session: Pick<Session, 'accountId' | 'locationId'>): Promise<Grants> {
    return new Grants(db, session, await listGrants(db, session.accountId, session.locationId));
  }

  /** The grants and taught sections the session check read along (grantColumns' text). */
  static fromColumns(
    db: Db,
    session: Pick<Session, 'accountId' | 'locationId'>,
    columns: { grants: string; taught: string },
  ): Grants {
    const taught = Promise.resolve(taughtOf(taughtFromColumn(columns.taught)));
    return new Grants(db, session, grantsFromColumn(columns.grants), taught);
  }

  private teaching(): Promise<Taught> {
    const { accountId, locationId } = this.session;
    this.taught ??= listTaughtSections(this.db, accountId, locationId).then(taughtOf);
    return this.taught;
  }

  private holdsInstructor(): boolean {
    return this.grants.some((g) => g.roleName === 'INSTRUCTOR');
  }

  /** The store-level action list (login, getUserActions): what the caller holds anywhere. */
  async actions(): Promise<ActionName[]> {
    const teaches = this.holdsInstructor() ? (await this.teaching()).sections.size > 0 : false;
    const permitted = new Set<ActionName>();
    for (const grant of this.grants) {
      if (grant.roleName === 'SUBMITTER' && isStoreWide(grant)) continue;
      if (grant.roleName === 'INSTRUCTOR' && !teaches) continue;
      const parsed = actionName.safeParse(grant.actionName);
      if (parsed.success) permitted.add(parsed.data);
    }
    return [...permitted].sort();
  }

  /** 403 with `message` unless the caller holds at least one of `wanted` somewhere. */
  async requireAny(wanted: readonly ActionName[], message = DEFAULT_REFUSAL): Promise<void> {
    const held = await this.actions();
    if (!wanted.some((action) => held.includes(action))) throw AppError.forbidden(message);
  }

  /**
   * May the caller do `action` on a catalog item of their store? Without an item: is it held
   * anywhere. An item of another store, or ids that do not belong together, answer no.
   */
  async mayDo(action: ActionName, item?: CatalogItem): Promise<boolean> {
    if (!item || isEmptyItem(item)) return (await this.actions()).includes(action);
    const candidates = this.byAction.get(action);
    if (!candidates?.length) return false;
    const ancestry = await resolveCatalogAncestry(this.db, this.session.locationId, item);
    if (!ancestry || !agrees(item, ancestry)) return false;
    return this.allows(action, ancestry);
  }

  /**
   * May the caller do `action` on each of these rows, whose full ancestry the list query already
   * selected (a row of the caller's store)? In memory: a list of 20 costs no policy query.
   */
  async mayDoEach(action: ActionName, rows: readonly CatalogAncestry[]): Promise<boolean[]> {
    const answers: boolean[] = [];
    for (const row of rows) answers.push(await this.allows(action, row));
    return answers;
  }

  private async allows(action: ActionName, ancestry: CatalogAncestry): Promise<boolean> {
    for (const grant of this.byAction.get(action) ?? []) {
      if (!scopeContains(grant, ancestry)) continue;
      if (grant.roleName === 'SUBMITTER' && isStoreWide(grant)) continue;
      if (grant.roleName === 'INSTRUCTOR') {
        const taught = await this.teaching();
        const teaches =
          ancestry.sectionId !== null
            ? taught.sections.has(ancestry.sectionId)
            : ancestry.courseId !== null && taught.courses.has(ancestry.courseId);
        if (teaches) return true;
        continue;
      }
      return true;
    }
    return false;
  }

  /**
   * Whether the caller holds `action` on every catalog item of the store: through a store-wide
   * assignment of a role other than SUBMITTER and INSTRUCTOR, which never apply store-wide.
   */
  holdsEverywhere(action: ActionName): boolean {
    return (this.byAction.get(action) ?? []).some(
      (g) => isStoreWide(g) && g.roleName !== 'SUBMITTER' && g.roleName !== 'INSTRUCTOR',
    );
  }

  /** Whether the caller is a PERMISSION_ADMINISTRATOR without a catalog scope. */
  isStoreWidePermissionAdministrator(): boolean {
    return this.grants.some((g) => g.roleName === 'PERMISSION_ADMINISTRATOR' && isStoreWide(g));
  }

  /**
   * The no-escalation rule for handing out (or taking away) a role: the caller must hold each of
   * the role's actions at each scope (none: everywhere), unless they are a store-wide
   * PERMISSION_ADMINISTRATOR. The scopes are resolved items of the store (full ancestry).
   * Returns the first action they lack, or null when they may.
   */
  async missingActionToGrant(
    roleActionNames: readonly string[],
    scopes: readonly CatalogAncestry[],
  ): Promise<{ action: string; scopeIndex: number | null } | null> {
    if (this.isStoreWidePermissionAdministrator()) return null;
    for (const name of roleActionNames) {
      const parsed = actionName.safeParse(name);
      if (!parsed.success) return { action: name, scopeIndex: null };
      if (scopes.length === 0) {
        if (!this.holdsEverywhere(parsed.data)) return { action: name, scopeIndex: null };
        continue;
      }
      for (const [index, scope] of scopes.entries()) {
        if (!(await this.allows(parsed.data, scope))) return { action: name, scopeIndex: index };
      }
    }
    return null;
  }

  /**
   * The rows of a list the caller may `action` on, as a predicate over the list's catalog
   * columns (give every level down to the list's own). It agrees with {@link mayDo} row by row:
   * a grant applies inside its own subtree only, so a grant finer than the list's rows (a
   * section grant on a course list) admits no row. A list of "courses with a section I may act
   * on" asks at the section level inside an EXISTS. Store-wide grants give `true`, none `false`,
   * so the list query keeps one shape and its indexes.
   */
  async scopePredicate(action: ActionName, columns: CatalogColumns): Promise<SQL> {
    const grants = this.byAction.get(action) ?? [];
    if (this.holdsEverywhere(action)) return sql`true`;
    const conditions: SQL[] = [];
    for (const grant of grants) {
      if (grant.roleName === 'SUBMITTER' && isStoreWide(grant)) continue;
      const scope = isStoreWide(grant) ? sql`true` : this.levelCondition(grant, columns);
      if (!scope) continue;
      if (grant.roleName === 'INSTRUCTOR') {
        // As mayDo: the sections they teach, and at course level the courses of those sections.
        const taught = await this.teaching();
        const teaching = columns.sectionId
          ? inList(columns.sectionId, taught.sections)
          : columns.courseId
            ? inList(columns.courseId, taught.courses)
            : undefined;
        if (teaching) conditions.push(sql`(${scope} and ${teaching})`);
        continue;
      }
      conditions.push(scope);
    }
    if (conditions.length === 0) return sql`false`;
    return or(...conditions) ?? sql`false`;
  }

  /**
   * The rows inside the caller's grants of any of `actions` that are narrower than a division (on
   * a department, course or section), as a predicate over the list's catalog columns: what is
   * "their own" where a whole division or the store would be everything (My courses).
   * INSTRUCTOR grants are left out: an instructor's own are the sections they teach. Null: the
   * caller holds no such grant (so the list need not look beyond what they teach).
   */
  narrowScopePredicate(actions: readonly ActionName[], columns: CatalogColumns): SQL | null {
    const conditions: SQL[] = [];
    for (const action of actions) {
      for (const grant of this.byAction.get(action) ?? []) {
        if (grant.roleName === 'INSTRUCTOR') continue;
        if (grant.departmentId == null && grant.courseId == null && grant.sectionId == null) {
          continue;
        }
        const scope = this.levelCondition(grant, columns);
        if (scope) conditions.push(scope);
      }
    }
    return or(...conditions) ?? null;
  }

  /** Whether a grant of `actions` is on a course or a section, or an INSTRUCTOR's (their own
   * sections): then figures kept per department cannot answer for the caller's scope. */
  reachesBelowDepartment(actions: readonly ActionName[]): boolean {
    const below = (g: Grant) =>
      g.roleName === 'INSTRUCTOR' || g.courseId != null || g.sectionId != null;
    return actions.some((action) => (this.byAction.get(action) ?? []).some(below));
  }

  /**
   * A scoped grant as a condition on the list's column of the grant's own level; undefined when
   * the list does not reach that level (its rows are above the grant, which then admits none).
   */
  private levelCondition(grant: Grant, columns: CatalogColumns): SQL | undefined {
    const level = LEVELS.find((l) => grant[l] != null);
    const column = level ? columns[level] : undefined;
    const id = level ? grant[level] : null;
    if (!column || id == null) return undefined;
    return sql`${column} = ${id}`;
  }
}

function inList(column: AnyColumn | SQL, ids: Set<number>): SQL {
  if (ids.size === 0) return sql`false`;
  return sql`${column} in ${[...ids]}`;
}
