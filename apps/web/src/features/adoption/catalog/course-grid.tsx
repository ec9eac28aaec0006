import { useMemo } from 'react';
import { DataGrid } from '@mui/x-data-grid';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { COURSE_SORT_FIELDS, DEFAULT_PAGE_SIZE } from '@csp/contracts';
import type { CourseDTO, CourseSortField } from '@csp/contracts';
import type { CatalogView } from './catalog-url-state.ts';
import { COLUMNS } from './course-columns.tsx';
import type { GridLayout } from './course-columns.tsx';

interface CourseGridProps {
  rows: readonly CourseDTO[];
  recordCount: number;
  view: CatalogView;
  onChange: (patch: Partial<CatalogView>) => void;
  loading: boolean;
  layout: GridLayout;
  labelledBy: string;
}

const PAGE_SIZES = [DEFAULT_PAGE_SIZE];

const isSortField = (field: string): field is CourseSortField =>
  (COURSE_SORT_FIELDS as readonly string[]).includes(field);

/**
 * One server page of courses (spec §9: 20 rows). Paging and sorting are the server's: the grid
 * only reports what was asked for, which goes to the URL and from there into the request.
 */
export function CourseGrid({
  rows,
  recordCount,
  view,
  onChange,
  loading,
  layout,
  labelledBy,
}: CourseGridProps) {
  const { page, sort, dir } = view;
  // Stable models: the grid treats a new sort model as a new sort and goes back to page 1.
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: page - 1, pageSize: DEFAULT_PAGE_SIZE }),
    [page],
  );
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: dir }], [sort, dir]);

  const columns = COLUMNS[layout];
  const changeSort = (model: GridSortModel) => {
    const [first] = model;
    if (first?.sort && isSortField(first.field)) onChange({ sort: first.field, dir: first.sort });
    // The grid drops a sort on a column a narrower layout hides: that is a resize, not the
    // clerk's choice, so the URL keeps its sort (and page).
    else if (columns.some((c) => c.field === sort)) onChange({ sort: undefined, dir: undefined });
  };

  return (
    <DataGrid
      aria-labelledby={labelledBy}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.courseId}
      rowCount={recordCount}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => onChange({ page: model.page + 1 })}
      pageSizeOptions={PAGE_SIZES}
      sortModel={sortModel}
      onSortModelChange={changeSort}
      // A column is always sorted one way or the other; there is no "unsorted" server order.
      sortingOrder={['asc', 'desc']}
      loading={loading}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      // Rows grow to fit a long name (two lines) instead of cutting it off.
      getRowHeight={() => 'auto'}
      autoHeight
      // 20 rows at most: rendering them all keeps every row in the page for find-in-page, screen
      // readers and tests, at no real cost.
      disableVirtualization
      disableColumnMenu
      disableRowSelectionOnClick
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': {
          py: 1,
          display: 'flex',
          alignItems: 'center',
          whiteSpace: 'normal',
          lineHeight: 1.43,
          minHeight: layout === 'narrow' ? 60 : 48,
        },
      }}
    />
  );
}
