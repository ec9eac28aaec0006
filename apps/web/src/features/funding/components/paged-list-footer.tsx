import TablePagination from '@mui/material/TablePagination';
import { count } from '../../../lib/format.ts';

/** A pager for the phone's cards and the short lists: "26–50 of 200" and previous / next. */
export function PagedListFooter({
  what,
  total,
  page,
  pageSize,
  onPage,
}: {
  /** Names the buttons: "Next page of allowances". */
  what: string;
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      onPageChange={(_, next) => onPage(next + 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      labelDisplayedRows={({ from, to }) => `${count(from)}–${count(to)} of ${count(total)}`}
      slotProps={{
        actions: {
          previousButton: { 'aria-label': `Previous page of ${what}` },
          nextButton: { 'aria-label': `Next page of ${what}` },
        },
      }}
    />
  );
}
