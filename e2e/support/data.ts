import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { AUTH_HEADER, fillPath, uploadImport, type SessionResponse } from '@csp/contracts';
import { portalCall, startOwnPortal, type OwnPortal } from './own-portal.ts';
import { REPO_ROOT } from './server.ts';

export { portalCall, portalPage, signIn, type RawResult } from './own-portal.ts';

/*
 * The data import specs change the store's data (a whole term of sections), which every other
 * spec's server shares. So they run against a portal server of their own (own-portal.ts).
 */

export type DataPortal = OwnPortal;

export function startDataPortal(): Promise<DataPortal> {
  return startOwnPortal('data');
}

/** Sends a feed file through the API as a client would (the raw file as the body). */
export function uploadThroughApi(
  portal: DataPortal,
  session: SessionResponse,
  file: { path: string; name: string },
  query: { formatId: string; divisionId?: number },
) {
  const search = new URLSearchParams({ formatId: query.formatId, fileName: file.name });
  if (query.divisionId !== undefined) search.set('divisionId', String(query.divisionId));
  const path = `${fillPath(uploadImport.path, { userAccountId: session.accountId })}?${search}`;
  return portalCall<{ message?: string; status?: string }>(portal, 'POST', path, {
    body: readFileSync(file.path),
    headers: { [AUTH_HEADER]: session.token, 'content-type': 'text/csv' },
  });
}

/**
 * The real Fall 2025 section list of the University of Illinois (public records, via
 * wadefagen/datasets; see the fixtures folder's notes), as the server's tests keep it.
 */
export const UIUC_FALL_2025 = {
  path: join(REPO_ROOT, 'apps/server/src/modules/data/fixtures/uiuc_grades_2025-fa_by_crn.csv'),
  name: 'uiuc_grades_2025-fa_by_crn.csv',
  formatId: 'uiuc-grades-by-crn',
  division: 'Main Campus',
};

type UiucRow = Record<
  'CRN' | 'Course Subject' | 'Course Number' | 'Course Title' | 'Course Section',
  string
>;

/** Facts of the file read with an independent CSV parser: its rows, and one course in it. */
export function uiucFacts() {
  const rows = parse(readFileSync(UIUC_FALL_2025.path), {
    columns: true,
    skip_empty_lines: true,
  }) as UiucRow[];
  const first = rows[0]!;
  const course = {
    subject: first['Course Subject'],
    number: first['Course Number'],
    title: first['Course Title'],
  };
  const sections = rows
    .filter((r) => r['Course Subject'] === course.subject && r['Course Number'] === course.number)
    .map((r) => r['Course Section']);
  return { rows: rows.length, course, sections };
}
