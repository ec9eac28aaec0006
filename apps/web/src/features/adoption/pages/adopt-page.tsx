import { useEffect } from 'react';
import { useLocation } from 'react-router';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageHeading } from '../../../components/page-heading.tsx';
import { rememberCourseListSearch } from '../course-list-return.ts';
import { CourseFilterPanel } from '../courses/course-filter-panel.tsx';
import { CourseResults } from '../courses/course-results.tsx';
import { COURSE_LIST_DEFAULTS, useCourseListView } from '../courses/course-list-url-state.ts';

/**
 * Everything but the sort: what "Show all courses" clears. The sort keys are left out of the
 * change altogether (a key set to undefined would reset them to the default).
 */
const { sort: _sort, dir: _dir, ...SHOW_ALL } = COURSE_LIST_DEFAULTS;

/**
 * /adopt, the course list (docs/behaviour/routes-and-guard.md), from which a course's adoptions
 * are opened: search, filters, a server-paged and server-sorted list and an export. Everything
 * that shapes the list is in the URL, so a view is a link.
 */
export function AdoptPage() {
  const theme = useTheme();
  // The shell's breakpoint: below it the top bar carries the course search.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Every column fits from 1200 px, beside the drawer.
  const roomy = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [view, setView] = useCourseListView();
  const { search } = useLocation();
  useEffect(() => rememberCourseListSearch(search), [search]);

  return (
    <Stack spacing={1}>
      <PageHeading>Adopt Course Materials</PageHeading>
      <Stack spacing={2.5}>
        <CourseFilterPanel view={view} onChange={setView} narrow={!wide} />
        <CourseResults
          view={view}
          onChange={setView}
          onShowAll={() => setView(SHOW_ALL)}
          layout={phone ? 'narrow' : roomy ? 'wide' : 'medium'}
        />
      </Stack>
    </Stack>
  );
}
