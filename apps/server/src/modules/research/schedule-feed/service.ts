import { stringify } from 'csv-stringify/sync';
import {
  COST_DESIGNATION_LABELS,
  SCHEDULE_FEED_CSV_COLUMNS,
  type ScheduleFeedSection,
  type TextbookTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { dollars, PUBLIC_CSV_OPTIONS } from '../textbooks/csv.ts';
import { findStoreName } from '../textbooks/repository.ts';
import { presentTerm, requireTerm } from '../textbooks/service.ts';
import { findScheduleFeedRows } from './repository.ts';

export interface ScheduleFeed {
  storeName: string;
  term: TextbookTerm;
  sections: ScheduleFeedSection[];
}

/**
 * The term's feed: the store's term (else the textbook list's 404 naming termId) and its
 * sections with their designation's label.
 */
export async function scheduleFeed(
  db: Db,
  locationId: number,
  termId: number,
): Promise<ScheduleFeed> {
  const term = presentTerm(await requireTerm(db, locationId, termId));
  const [storeName, rows] = await Promise.all([
    findStoreName(db, locationId),
    findScheduleFeedRows(db, locationId, termId),
  ]);
  const sections = rows.map((r) => ({
    ...r,
    designationLabel: COST_DESIGNATION_LABELS[r.designation],
  }));
  return { storeName, term, sections };
}

const money = (cents: number | null) => dollars(cents ?? undefined);

/**
 * The feed as CSV text in SCHEDULE_FEED_CSV_COLUMNS order, written whole rather than streamed:
 * a term is one short line per section (about 1 MB for the large store's 13,000), and the
 * whole text is what its ETag is a digest of.
 */
export function scheduleFeedCsv(feed: ScheduleFeed): string {
  const lines = feed.sections.map((s) => [
    feed.term.termName,
    s.departmentCode,
    s.courseCode,
    s.sectionCode,
    s.courseName,
    s.designation,
    s.designationLabel,
    money(s.requiredCostLowCents),
    money(s.requiredCostHighCents),
    String(s.sectionId),
  ]);
  return stringify(lines, { ...PUBLIC_CSV_OPTIONS, columns: [...SCHEDULE_FEED_CSV_COLUMNS] });
}
