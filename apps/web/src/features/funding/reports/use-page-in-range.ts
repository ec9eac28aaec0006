import { useEffect } from 'react';
import { REPORT_PAGE_SIZE } from '@csp/contracts';

/**
 * A link to page 9 of a report that now has 3 pages (allowances spent, orders fulfilled since)
 * moves to the last page instead of showing an empty table under "Total (120 students)".
 */
export function usePageInRange(
  shown: { rows: readonly unknown[]; recordCount: number } | undefined,
  page: number,
  onPage: (page: number, options: { replace: boolean }) => void,
): void {
  const lastPage = Math.max(1, Math.ceil((shown?.recordCount ?? 0) / REPORT_PAGE_SIZE));
  const pastTheEnd = shown !== undefined && shown.rows.length === 0 && page > lastPage;
  useEffect(() => {
    // Replaced, not pushed: Back must not return to the page that moved on at once.
    if (pastTheEnd) onPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, onPage]);
}
