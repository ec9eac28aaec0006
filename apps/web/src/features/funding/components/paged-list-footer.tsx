import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import { count } from '../../../lib/format.ts';

/** A pager for the phone's cards and the short lists: "26–50 of 200" and previous / next. */
export interface PagerProps {
  /** Names the buttons: "Next page of allowances". */
  what: string;
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

export function PagedListFooter({ what, total, page, pageSize, onPage }: PagerProps) {
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

/** A page of a short list (or the phone's cards) above its pager, dimmed while the next loads. */
export function PagedBlock({
  loading,
  pager,
  children,
}: {
  loading: boolean;
  pager: PagerProps;
  children: ReactNode;
}) {
  return (
    <Box sx={{ opacity: loading ? 0.6 : 1 }}>
      {children}
      <PagedListFooter {...pager} />
    </Box>
  );
}
