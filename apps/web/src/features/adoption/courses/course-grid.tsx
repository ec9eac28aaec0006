import { useMemo } from 'react';
import type { GridSortModel } from '@mui/x-data-grid';
import { ServerGrid, WRAPPING_CELLS, usePageModel } from '../../../components/list/server-grid.tsx';
import { COURSE_SORT_FIELDS, DEFAULT_PAGE_SIZE } from '@csp/contracts';
import type { CourseDTO, CourseSortField } from '@csp/contracts';
import type { CourseListView } from './course-list-url-state.ts';
import { COLUMNS } from './course-columns.tsx';
import type { GridLayout } from './course-columns.tsx';

interface CourseGridProps {
  rows: readonly CourseDTO[];
  recordCount: number;
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  loading: boolean;
  layout: GridLayout;
  labelledBy: string;
}

const PAGE_SIZES = [DEFAULT_PAGE_SIZE];

const isSortField = (field: string): field is CourseSortField =>
  (COURSE_SORT_FIELDS as readonly string[]).includes(field);

/**
 * One server page of courses (docs/behaviour/constants.md: 20 rows). Paging and sorting are the server's: the grid
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
  const paginationModel = usePageModel(page, DEFAULT_PAGE_SIZE);
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
    <ServerGrid
      aria-labelledby={labelledBy}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.courseId}
      rowCount={recordCount}
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => onChange({ page: model.page + 1 })}
      pageSizeOptions={PAGE_SIZES}
      sortModel={sortModel}
      onSortModelChange={changeSort}
      loading={loading}
      // Rows grow to fit a long name (two lines) instead of cutting it off.
      getRowHeight={() => 'auto'}
      sx={{
        '& .MuiDataGrid-cell': {
          ...WRAPPING_CELLS,
          minHeight: layout === 'narrow' ? 60 : 48,
        },
      }}
    />
  );
}
