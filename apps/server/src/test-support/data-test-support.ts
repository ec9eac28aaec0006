import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  applyImport,
  fillPath,
  getImport,
  getImportIssues,
  uploadImport,
  type ImportIssue,
  type ImportSummary,
} from '@csp/contracts';
import { queryRows } from '../db/bulk-write.ts';
import type { Db } from '../db/client.ts';
import { authHeaders, type TestContext } from './test-app.ts';

/** The real files the tests import (see fixtures/README.md for their source and licence). */
export const FIXTURES = fileURLToPath(new URL('../modules/data/fixtures/', import.meta.url));
export const fixture = (name: string) => `${FIXTURES}${name}`;
export const FALL_2025 = fixture('uiuc_grades_2025-fa_by_crn.csv');
export const SUMMER_2025_GRADES = fixture('uiuc_grades_2025-su_by_crn.csv');
export const SUMMER_2025_CATALOG = fixture('uiuc_catalog_2025-su_sections.csv');
export const UOFT_ADOPTIONS = fixture('uoft_bookstore_textbook_adoptions_2020-fall.csv');

/** A signed-in caller (the shape permissions-test-support's signIn answers). */
export interface Caller {
  accountId: number;
  token: string;
  host: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadInput {
  formatId: string;
  fileName: string;
  divisionId?: number;
  /** A fixture path (streamed from disk) or the file's content. */
  file: { path: string } | Buffer | string;
  contentType?: string;
  /** A CSV dialect the uploader chooses (else detected). */
  separator?: 'comma' | 'semicolon' | 'tab';
  encoding?: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/** POST data/imports with the file as the raw body. */
export function upload(ctx: TestContext, caller: Caller, input: UploadInput) {
  const query: Record<string, string> = { formatId: input.formatId, fileName: input.fileName };
  if (input.divisionId !== undefined) query['divisionId'] = String(input.divisionId);
  if (input.separator) query['separator'] = input.separator;
  if (input.encoding) query['encoding'] = input.encoding;
  const { file } = input;
  return ctx.app.inject({
    method: 'POST',
    url: fillPath(uploadImport.path, { userAccountId: caller.accountId }),
    query,
    headers: {
      ...authHeaders(caller.host, caller.token),
      'content-type': input.contentType ?? 'text/csv',
    },
    payload: typeof file === 'object' && 'path' in file ? createReadStream(file.path) : file,
  });
}

export async function importOf(ctx: TestContext, caller: Caller, importId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: fillPath(getImport.path, { userAccountId: caller.accountId, importId }),
    headers: authHeaders(caller.host, caller.token),
  });
  return { status: res.statusCode, body: res.json<ImportSummary>() };
}

export async function issuesOf(
  ctx: TestContext,
  caller: Caller,
  importId: number,
  page: { limit?: number; offset?: number } = {},
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: fillPath(getImportIssues.path, { userAccountId: caller.accountId, importId }),
    query: { limit: String(page.limit ?? 200), offset: String(page.offset ?? 0) },
    headers: authHeaders(caller.host, caller.token),
  });
  return { status: res.statusCode, body: res.json<{ issues: ImportIssue[]; total: number }>() };
}

export function applyCall(ctx: TestContext, caller: Caller, importId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: fillPath(applyImport.path, { userAccountId: caller.accountId, importId }),
    headers: authHeaders(caller.host, caller.token),
  });
}

/** Uploads a file and waits for its check; answers the checked import. */
export async function uploadChecked(
  ctx: TestContext,
  caller: Caller,
  input: UploadInput,
): Promise<ImportSummary> {
  const res = await upload(ctx, caller, input);
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  await ctx.background.drain();
  return (await importOf(ctx, caller, res.json<ImportSummary>().importId)).body;
}

/** Applies a checked import and waits for it; answers the applied import. */
export async function applied(
  ctx: TestContext,
  caller: Caller,
  importId: number,
): Promise<ImportSummary> {
  const res = await applyCall(ctx, caller, importId);
  // 200: a small file can be applied before the call reads the import back.
  if (res.statusCode !== 202 && res.statusCode !== 200)
    throw new Error(`apply answered ${res.statusCode}: ${res.body}`);
  await ctx.background.drain();
  return (await importOf(ctx, caller, importId)).body;
}

/** An import's counts of one kind of record. */
export function entity(summary: ImportSummary, name: string) {
  const found = summary.entities.find((e) => e.entity === name);
  if (!found) throw new Error(`no ${name} in ${JSON.stringify(summary.entities)}`);
  return { added: found.added, updated: found.updated, unchanged: found.unchanged };
}

/**
 * Every row of the tables an import writes, in a stable order: two snapshots are equal only
 * when nothing was added, removed or changed (ids and kept facts included).
 */
export async function storeTables(db: Db, locationId: number): Promise<Record<string, unknown[]>> {
  const byId = (table: string) =>
    queryRows(
      db,
      sql`select * from ${sql.identifier(table)} where location_id = ${locationId} order by id`,
    );
  return {
    divisions: await byId('divisions'),
    terms: await byId('terms'),
    departments: await byId('departments'),
    courses: await byId('courses'),
    sections: await byId('sections'),
    professors: await byId('professors'),
    students: await byId('students'),
    titles: await byId('titles'),
    sectionProfessors: await queryRows(
      db,
      sql`select sp.* from section_professors sp join sections s on s.id = sp.section_id
        where s.location_id = ${locationId} order by sp.section_id, sp.professor_id`,
    ),
    enrollments: await queryRows(
      db,
      sql`select * from enrollments where location_id = ${locationId}
        order by student_id, section_id`,
    ),
  };
}

/** A section of the store by department, course and section code (and term name). */
export async function sectionNamed(
  db: Db,
  locationId: number,
  term: string,
  dept: string,
  course: string,
  code: string,
) {
  const [row] = await queryRows<{
    id: number;
    estimated: number;
    enrollmentCount: number;
    professorNames: string;
    startDate: string;
    endDate: string;
  }>(
    db,
    sql`select s.id, s.estimated_enrollment as estimated, s.enrollment_count as "enrollmentCount",
        s.professor_names as "professorNames", s.start_date::text as "startDate",
        s.end_date::text as "endDate"
      from sections s join terms t on t.id = s.term_id join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where s.location_id = ${locationId} and t.name = ${term} and d.code = ${dept}
        and c.code = ${course} and s.code = ${code}`,
  );
  return row;
}

/** A course of the store by department and course code. */
export async function courseNamed(db: Db, locationId: number, dept: string, course: string) {
  const [row] = await queryRows<{ id: number; name: string; description: string }>(
    db,
    sql`select c.id, c.name, c.description from courses c
      join departments d on d.id = c.department_id
      where c.location_id = ${locationId} and d.code = ${dept} and c.code = ${course}`,
  );
  return row;
}

/**
 * Removes the files of the test's imports still waiting to be applied (the server keeps a
 * checked upload until it is applied): call before closing the test app.
 */
export async function removeWaitingUploads(ctx: TestContext | undefined): Promise<void> {
  if (!ctx) return;
  const rows = await queryRows<{ path: string }>(
    ctx.db,
    sql`select stored_path as path from data_imports where stored_path is not null`,
  );
  await Promise.all(rows.map((r) => rm(r.path, { force: true })));
}
