import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { launchedFirst, useLtiLanding } from '../my-courses/lti-landing.ts';
import { MyCourseCard } from '../my-courses/my-course-card.tsx';
import { useMyCourses } from '../my-courses/my-courses-queries.ts';
import { MY_COURSES_TEXT as T } from '../my-courses/my-courses-text.ts';

/**
 * My courses (issue 30, point 3): the caller's own sections of the coming terms by course, and
 * "Adopt the same as last time". The reminder e-mail links here; the guard sends a signed-out
 * visitor to sign in and back. A launch from the learning platform (issue 33) lands here on its
 * course, shown first and marked, or asks which course it was opened from.
 */
export function MyCoursesPage() {
  const query = useMyCourses();
  const lti = useLtiLanding();
  const courses = query.data && launchedFirst(query.data.courses, lti.launchedSectionId);
  const launchedListed =
    lti.launchedSectionId === null ||
    courses?.some((c) => c.sections.some((s) => s.sectionId === lti.launchedSectionId));
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.title}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {lti.picking && (
        <Alert severity="info" role="status">
          {T.pickBanner}
        </Alert>
      )}
      {lti.tieError && (
        <Alert severity="error" role="alert" onClose={lti.resetTie}>
          {errorMessage(lti.tieError)}
        </Alert>
      )}
      {courses && !launchedListed && <Alert severity="info">{T.launchedNotListed}</Alert>}
      {courses ? (
        courses.length === 0 ? (
          <Alert severity="info">{T.empty}</Alert>
        ) : (
          courses.map((course) => (
            <MyCourseCard
              key={course.courseId}
              course={course}
              launchedSectionId={lti.launchedSectionId}
              pick={lti.picking ? { onPick: lti.pick, tying: lti.tying } : undefined}
            />
          ))
        )
      ) : query.isError ? (
        <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PanelLoading what={T.loading} />
      )}
    </Stack>
  );
}
