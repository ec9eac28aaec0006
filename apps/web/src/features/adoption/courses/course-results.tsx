import { useId } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { useCourseList } from './course-queries.ts';
import { courseListBody, isSearching } from './course-list-url-state.ts';
import type { CourseListView } from './course-list-url-state.ts';
import type { GridLayout } from './course-columns.tsx';
import { CourseGrid } from './course-grid.tsx';
import { ExportMenu } from './export-menu.tsx';
import { NoResults } from '../../../components/list/no-results.tsx';
import { SearchFailure } from '../../../components/load-failure.tsx';

interface CourseResultsProps {
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  /** Clears the search and every filter (the sort stays). */
  onShowAll: () => void;
  layout: GridLayout;
}

const countText = (count: number, searching: boolean) => {
  const courses = count === 1 ? '1 course' : `${count.toLocaleString('en-US')} courses`;
  return searching ? `${courses} found` : `${courses} match these filters`;
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
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <div>
          <Typography component="h2" variant="h6" id={headingId}>
            Courses
          </Typography>
          <Typography role="status" variant="body2" color="text.secondary">
            {list.isError ? '' : data ? countText(data.recordCount, searching) : 'Loading courses…'}
          </Typography>
        </div>
        <ExportMenu body={body} disabled={!settled || data.recordCount === 0} />
      </Stack>
      {list.isError ? (
        <SearchFailure
          error={list.error}
          onRetry={() => void list.refetch()}
          failedTitle={searching ? COURSE_LIST_MESSAGES.searchFailed : COURSE_LIST_MESSAGES.loadFailed}
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
        <CourseGrid
          rows={data?.courseDTOList ?? []}
          recordCount={data?.recordCount ?? 0}
          view={view}
          onChange={onChange}
          loading={list.isFetching}
          layout={layout}
          labelledBy={headingId}
        />
      )}
    </Stack>
  );
}
