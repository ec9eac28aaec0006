import { useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridSortModel } from '@mui/x-data-grid';
import { COURSE_SORT_FIELDS, DEFAULT_PAGE_SIZE } from '@csp/contracts';
import type { CourseDTO, CourseSortField } from '@csp/contracts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { useCourseList } from './course-queries.ts';
import { courseListBody, isSearching } from './course-list-url-state.ts';
import type { CourseListView } from './course-list-url-state.ts';
import { COLUMNS } from './course-columns.tsx';
import { NMR_LEGEND, countsNoMaterial } from './course-cells.tsx';
import type { GridLayout } from './course-columns.tsx';
import { ExportMenu } from './export-menu.tsx';
import { NoResults } from '../../../components/list/no-results.tsx';
import { ResultsHeading } from '../../../components/list/results-heading.tsx';
import { ServerGrid, WRAPPING_CELLS, usePageModel } from '../../../components/list/server-grid.tsx';
import { SearchFailure } from '../../../components/load-failure.tsx';
import { ResultsBar } from '../../../components/list/results-bar.tsx';

interface CourseResultsProps {
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  /** Clears the search and every filter (the sort stays). */
  onShowAll: () => void;
  layout: GridLayout;
}

const countText = (count: number, searching: boolean) => {
  const courses = count === 1 ? '1 course' : `${count.toLocaleString('en-US')} courses`;
  if (searching) return `${courses} found`;
  // The verb agrees with its subject: "1 course matches", "2 courses match".
  return `${courses} ${count === 1 ? 'matches' : 'match'} these filters`;
};

/** The list's header (count and export) and the grid, or what stands in for it. */
export function CourseResults({ view, onChange, onShowAll, layout }: CourseResultsProps) {
  const headingId = useId();
  const body = courseListBody(view);
  const list = useCourseList(body);
  const searching = isSearching(view);
  const data = list.data;
  // A new filter's answer is on its way: the old rows show, dimmed, until it comes.
  const settled = data !== undefined && !list.isPlaceholderData;

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <ResultsBar>
        <ResultsHeading
          id={headingId}
          title="Courses"
          status={
            list.isError ? '' : data ? countText(data.recordCount, searching) : 'Loading courses…'
          }
        />
        <ExportMenu body={body} disabled={!settled || data.recordCount === 0} />
      </ResultsBar>
      {list.isError ? (
        <SearchFailure
          error={list.error}
          onRetry={() => void list.refetch()}
          failedTitle={
            searching ? COURSE_LIST_MESSAGES.searchFailed : COURSE_LIST_MESSAGES.loadFailed
          }
          forbiddenTitle="No courses to show"
          forbiddenText={COURSE_LIST_MESSAGES.forbidden}
        />
      ) : settled && data.recordCount === 0 ? (
        <NoResults
          title={COURSE_LIST_MESSAGES.empty}
          hint={searching ? COURSE_LIST_MESSAGES.emptySearchHint : COURSE_LIST_MESSAGES.emptyHint}
          action={
            <Button variant="outlined" onClick={onShowAll}>
              Show all courses
            </Button>
          }
        />
      ) : (
        <>
          <CourseGrid
            rows={data?.courseDTOList ?? []}
            recordCount={data?.recordCount ?? 0}
            view={view}
            onChange={onChange}
            loading={list.isFetching}
            layout={layout}
            labelledBy={headingId}
          />
          {/* Only the wide layout has the sections column, the one place NMR shows. */}
          {layout === 'wide' && data?.courseDTOList.some(countsNoMaterial) && (
            <Typography variant="body2" color="text.secondary">
              {NMR_LEGEND}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

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
function CourseGrid({
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
