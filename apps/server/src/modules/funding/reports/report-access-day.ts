import { ACCESS_DAY, addDays, shortTermName } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import {
  accessDayRows,
  countAidStudents,
  type AccessDayRowsPage,
} from './report-access-day-repository.ts';
import type { ReportPage } from './report-page.ts';
import { storeTerms } from '../sources/source-read-repository.ts';

const TERM_NOT_FOUND = 'Term not found.';

export interface AccessDayReport extends AccessDayRowsPage {
  termId: number;
  termName: string;
  termStartsOn: string;
  accessDay: string;
  accessDayPassed: boolean;
  aidStudents: number;
}

/**
 * The day-7 access report of one of the store's terms (another store's term is a 404 naming
 * termId): the access day is the term's seventh day (its start is day 1); the rows are the aid
 * students with a required title not yet fulfilled, one page of them (or all, for the .xlsx).
 */
export async function accessDayReport(
  db: Db,
  locationId: number,
  termId: number,
  today: string,
  page: ReportPage,
): Promise<AccessDayReport> {
  const [term] = await storeTerms(db, locationId, [termId]);
  if (!term) throw AppError.notFound(TERM_NOT_FOUND, 'termId');
  const accessDay = addDays(term.startDate, ACCESS_DAY - 1);
  return {
    termId,
    termName: shortTermName(term.termName),
    termStartsOn: term.startDate,
    accessDay,
    accessDayPassed: today > accessDay,
    aidStudents: await countAidStudents(db, locationId, termId),
    ...(await accessDayRows(db, locationId, termId, page)),
  };
}
