import { useMemo } from 'react';
import { ServerGrid, WRAPPING_CELLS } from '../../../components/list/server-grid.tsx';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, SECTION_SORT_FIELDS } from '@csp/contracts';
import type { SectionRow, SectionSortField } from '@csp/contracts';
import { sectionColumns, type GridLayout } from './section-columns.tsx';
import type { SectionView } from './section-url-state.ts';

interface SectionGridProps {
  rows: readonly SectionRow[];
  view: SectionView;
  onSort: (sort: SectionSortField, dir: 'asc' | 'desc') => void;
  loading: boolean;
  labelledBy: string;
  listSearch: string;
  layout: GridLayout;
}

export type { GridLayout };

const HIDDEN_COLUMNS: Record<GridLayout, Record<string, false>> = {
  wide: {},
  medium: { termName: false, endDate: false },
  compact: { termName: false, endDate: false, professors: false },
};

/**
 * With deadlines (a page's terms have one, or the list is filtered by standing) the Deadline
 * column joins, and to make room the end date goes from 'wide' and the adoptions count from
 * the narrower layouts (the status and the standing say whether a section is ready). Without
 * them the column would only repeat the status, so it stays hidden. The phone's cards show
 * every fact.
 */
const HIDDEN_WITH_DEADLINES: Record<GridLayout, Record<string, false>> = {
  wide: { endDate: false },
  medium: { termName: false, endDate: false, listingCount: false },
  compact: { termName: false, endDate: false, listingCount: false, professors: false },
};

export function hiddenColumns(layout: GridLayout, deadlines: boolean): Record<string, false> {
  return deadlines
    ? HIDDEN_WITH_DEADLINES[layout]
    : { ...HIDDEN_COLUMNS[layout], deadlineStatus: false };
}

const isSortField = (field: string): field is SectionSortField =>
  (SECTION_SORT_FIELDS as readonly string[]).includes(field);

// The grid holds one server page; the pager below it moves by keyset cursors, which the grid's
// own offset pager cannot, so its footer is hidden.
const ONE_PAGE: GridPaginationModel = { page: 0, pageSize: DEFAULT_PAGE_SIZE };
const PAGE_SIZES = [DEFAULT_PAGE_SIZE];

/** One page of sections, sorted by the server: the grid only reports the sort asked for. */
export function SectionGrid({
  rows,
  view,
  onSort,
  loading,
  labelledBy,
  listSearch,
  layout,
}: SectionGridProps) {
  const columns = useMemo(() => sectionColumns(listSearch, layout), [listSearch, layout]);
  const deadlines = view.deadline !== '' || rows.some((row) => row.adoptionDeadline !== null);
  const sortModel = useMemo<GridSortModel>(
    // The section code has no column of its own (the "Sort by" field sorts by it): no arrow.
    () => (view.sort === 'sectionCode' ? [] : [{ field: view.sort, sort: view.dir }]),
    [view.sort, view.dir],
  );
  return (
    <ServerGrid
      aria-labelledby={labelledBy}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.sectionId}
      rowCount={rows.length}
      paginationModel={ONE_PAGE}
      pageSizeOptions={PAGE_SIZES}
      columnVisibilityModel={hiddenColumns(layout, deadlines)}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        // An empty model is the grid dropping an arrow (a hidden column), not a choice: ignored.
        if (first?.sort && isSortField(first.field)) onSort(first.field, first.sort);
      }}
      loading={loading}
      getRowHeight={() => 'auto'}
      hideFooter
      sx={{
        '& .MuiDataGrid-cell': WRAPPING_CELLS,
      }}
    />
  );
}
