import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { MyCourseCard } from '../my-courses/my-course-card.tsx';
import { useMyCourses } from '../my-courses/my-courses-queries.ts';
import { MY_COURSES_TEXT as T } from '../my-courses/my-courses-text.ts';

/**
 * My courses (issue 30, point 3): the caller's own sections of the coming terms by course, and
 * "Adopt the same as last time". The reminder e-mail links here; the guard sends a signed-out
 * visitor to sign in and back.
 */
export function MyCoursesPage() {
  const query = useMyCourses();
  const courses = query.data?.courses;
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.title}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {courses ? (
        courses.length === 0 ? (
          <Alert severity="info">{T.empty}</Alert>
        ) : (
          courses.map((course) => <MyCourseCard key={course.courseId} course={course} />)
        )
      ) : query.isError ? (
        <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PanelLoading what={T.loading} />
      )}
    </Stack>
  );
}
