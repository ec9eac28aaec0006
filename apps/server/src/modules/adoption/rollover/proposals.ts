import { stringify } from 'csv-stringify/sync';
import {
  ROLLOVER_MESSAGES as M,
  UNCONFIRMED_CSV_COLUMNS,
  shortTermName,
  type MyRolloverProposal,
  type UnconfirmedProposal,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import { titleChanges } from '../material-changes/material-changes.ts';
import { presentMaterial } from './rollover.ts';
import { findDivision } from './rollover-repository.ts';
import {
  confirmProposals,
  countUnconfirmed,
  inCallerDivisions,
  listUnconfirmed,
  proposalSections,
  proposalsOnSections,
  type UnconfirmedFilters,
  type UnconfirmedRow,
} from './proposal-repository.ts';

/** The most lines one export writes: a store's unconfirmed proposals of a term fit well within. */
export const MAX_EXPORT_PROPOSALS = 20_000;

const titleIdsOf = (rows: readonly { titleId: number | null }[]) => [
  ...new Set(rows.flatMap((r) => (r.titleId === null ? [] : [Number(r.titleId)]))),
];

async function present(db: Db, locationId: number, rows: readonly UnconfirmedRow[]) {
  const changes = await titleChanges(db, locationId, titleIdsOf(rows));
  return rows.map((r): UnconfirmedProposal => ({
    adoptionMaterialId: Number(r.adoptionMaterialId),
    termId: Number(r.termId),
    termName: r.termName,
    divisionId: Number(r.divisionId),
    divisionName: r.divisionName,
    departmentCode: r.departmentCode,
    courseCode: r.courseCode,
    courseName: r.courseName,
    // json_agg arrives parsed from node-postgres, as text from some PGlite paths.
    sections: typeof r.sections === 'string' ? JSON.parse(r.sections) : r.sections,
    material: presentMaterial(r, changes),
    proposedAt: new Date(r.proposedAt).toISOString(),
  }));
}

/**
 * The list's filters must name the store's own division, department or term: another store's
 * answers 404 naming the field. One of the store outside the caller's divisions only narrows
 * the list (to nothing), as the list itself is narrowed.
 */
export async function checkFilters(
  db: Db,
  locationId: number,
  f: UnconfirmedFilters,
): Promise<void> {
  const divisions = sql`true`;
  const { divisionId } = f;
  if (divisionId !== undefined && !(await findDivision(db, locationId, divisionId, divisions))) {
    throw AppError.notFound(M.divisionNotFound, 'divisionId');
  }
  const inside = (table: 'departments' | 'terms', id: number) =>
    inCallerDivisions(db, locationId, divisions, { table, id, divisionId });
  if (f.departmentId !== undefined && !(await inside('departments', f.departmentId))) {
    throw AppError.notFound(M.departmentNotFound, 'departmentId');
  }
  if (f.targetTermId !== undefined && !(await inside('terms', f.targetTermId))) {
    throw AppError.notFound(M.termNotFound, 'targetTermId');
  }
}

/** getUnconfirmedRollovers: one page of the caller's divisions' unconfirmed proposals. */
export async function unconfirmedPage(
  db: Db,
  locationId: number,
  divisions: SQL,
  q: UnconfirmedFilters & { page: number; pageSize: number },
): Promise<{ proposals: UnconfirmedProposal[]; recordCount: number }> {
  await checkFilters(db, locationId, q);
  const page = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const rows = await listUnconfirmed(db, locationId, divisions, q, page);
  const recordCount = await countUnconfirmed(db, locationId, divisions, q);
  return { proposals: await present(db, locationId, rows), recordCount };
}

/**
 * The export: the list's filters, every proposal (up to MAX_EXPORT_PROPOSALS) as CSV with a
 * byte order mark, CRLF and formula-looking cells quoted, as the textbook list's CSV.
 */
export async function unconfirmedCsv(
  db: Db,
  locationId: number,
  divisions: SQL,
  filters: UnconfirmedFilters,
): Promise<string> {
  await checkFilters(db, locationId, filters);
  const page = { limit: MAX_EXPORT_PROPOSALS, offset: 0 };
  const rows = await present(
    db,
    locationId,
    await listUnconfirmed(db, locationId, divisions, filters, page),
  );
  const lines = rows.map((p) => [
    shortTermName(p.termName),
    p.divisionName,
    p.departmentCode,
    p.courseCode,
    p.courseName,
    p.sections.map((s) => s.sectionCode).join(', '),
    [...new Set(p.sections.flatMap((s) => s.instructors))].join(', '),
    p.material.title,
    p.material.isbn ?? '',
    p.material.author,
    p.material.edition,
    p.material.noTextRequired ? '' : p.material.required ? 'Required' : 'Recommended',
    p.material.changes.map((c) => c.message).join(' '),
    p.proposedAt,
  ]);
  return stringify(lines, {
    bom: true,
    header: true,
    columns: [...UNCONFIRMED_CSV_COLUMNS],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}

/**
 * confirmRolloverProposals: each named proposal must cover one of the caller's own sections
 * (`ownSectionIds`), or nothing is confirmed (400 naming adoptionMaterialIds). One already
 * confirmed stays as it was; answers every named id.
 */
export async function confirmOwn(
  db: Db,
  session: Session,
  ownSectionIds: ReadonlySet<number>,
  ids: readonly number[],
  now: Date,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await proposalSections(db, session.locationId, unique);
  const notYours = unique.filter((id) => !(found.get(id) ?? []).some((s) => ownSectionIds.has(s)));
  if (notYours.length > 0) throw AppError.badRequest(M.notYours(notYours), 'adoptionMaterialIds');
  const stamp = { locationId: session.locationId, accountId: session.accountId, at: now };
  await db.transaction(async (tx) => {
    await confirmProposals(tx as unknown as Db, stamp, unique);
  });
  return unique;
}

/** My courses: each course's unconfirmed proposals on the caller's own sections. */
export async function ownProposals(
  db: Db,
  locationId: number,
  ownSectionIds: readonly number[],
): Promise<Map<number, MyRolloverProposal[]>> {
  const rows = await proposalsOnSections(db, locationId, ownSectionIds);
  const changes = await titleChanges(db, locationId, titleIdsOf(rows));
  const byCourse = new Map<number, MyRolloverProposal[]>();
  const byId = new Map<number, MyRolloverProposal>();
  for (const row of rows) {
    const id = Number(row.adoptionMaterialId);
    const known = byId.get(id);
    if (known) {
      known.sectionCodes.push(row.sectionCode);
      continue;
    }
    const proposal: MyRolloverProposal = {
      adoptionMaterialId: id,
      termName: shortTermName(row.termName),
      fromTermName: row.fromTermName === null ? '' : shortTermName(row.fromTermName),
      sectionCodes: [row.sectionCode],
      material: presentMaterial(row, changes),
    };
    byId.set(id, proposal);
    const list = byCourse.get(Number(row.courseId)) ?? [];
    list.push(proposal);
    byCourse.set(Number(row.courseId), list);
  }
  return byCourse;
}
