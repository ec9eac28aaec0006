import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { courseCodeLabel, type CourseRef } from './course-ref.ts';

/**
 * A course that does not exist and one the user may not adopt for look the same (the server
 * answers 404 to both, so reading a course tells nothing about courses outside one's scope).
 */
export function CourseNotFound({ course }: { course: CourseRef | null }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PageHeading>{M.notFoundHeading}</PageHeading>
      <Typography>
        {course
          ? `There is no course ${courseCodeLabel(course)} in that division that you can adopt for.`
          : 'This link does not name a course.'}{' '}
        Check the link, or find the course in the course catalog. If you should be able to adopt for
        it, ask your store&apos;s permission administrator for a role on it.
      </Typography>
      <Typography>
        <Link component={RouterLink} to="/adopt">
          Back to the course catalog
        </Link>
      </Typography>
    </Stack>
  );
}
