import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { IA_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { findIaDivisionTerm, type IaDivisionTerm } from './division-term-repository.ts';

const ACTION = 'MANAGE_INCLUSIVE_ACCESS';

/**
 * Where the caller manages inclusive access, as two SQL predicates: `sections` over a section
 * `s` of a course `c` (a program, a participant list: the grant must cover the section), and
 * `divisions` over a division `dv` (a term's dates, reminders and charge files are its whole
 * division's: IA_TERM_ACCESS). Without the action anywhere: 403.
 */
export interface IaReach {
  sections: SQL;
  divisions: SQL;
}

/** The caller's grants, after the 403 for a caller without the action anywhere. */
async function iaGrants(request: FastifyRequest) {
  const grants = await request.grants;
  await grants.requireAny([ACTION], IA_MESSAGES.refusal);
  return grants;
}

/** The divisions (over `dv.id`) whose terms the caller manages: the action store-wide or on it. */
export async function iaDivisions(request: FastifyRequest): Promise<SQL> {
  const grants = await iaGrants(request);
  if (grants.holdsEverywhere(ACTION)) return sql`true`;
  return sql`(${await grants.scopePredicate(ACTION, { divisionId: sql`dv.id` })})`;
}

export async function iaReach(request: FastifyRequest): Promise<IaReach> {
  const grants = await iaGrants(request);
  if (grants.holdsEverywhere(ACTION)) return { sections: sql`true`, divisions: sql`true` };
  const sections = await grants.scopePredicate(ACTION, {
    divisionId: sql`c.division_id`,
    departmentId: sql`c.department_id`,
    courseId: sql`s.course_id`,
    sectionId: sql`s.id`,
  });
  return { sections: sql`(${sections})`, divisions: await iaDivisions(request) };
}

/** What is the whole store's (the charge file layout): the action store-wide, else 403. */
export async function requireIaStoreWide(request: FastifyRequest, refusal: string): Promise<void> {
  const grants = await iaGrants(request);
  if (!grants.holdsEverywhere(ACTION)) throw AppError.forbidden(refusal);
}

/**
 * The term of the store in `divisions` (iaDivisions), else 404 naming termId: another store's
 * term and one outside the caller's divisions answer alike. `lock`: findIaDivisionTerm's.
 */
export async function iaDivisionTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisions: SQL,
  lock = false,
): Promise<IaDivisionTerm> {
  const term = await findIaDivisionTerm(db, locationId, termId, divisions, lock);
  if (!term) throw AppError.notFound(IA_MESSAGES.termNotFound, 'termId');
  return term;
}
