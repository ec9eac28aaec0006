import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { CourseCatalog } from '../courses/course-catalog.tsx';

/** /adopt: the course catalog, from which a course's adoptions are opened. */
export function AdoptPage() {
  return (
    <Stack spacing={1}>
      <PageHeading>Adopt Course Materials</PageHeading>
      <CourseCatalog />
    </Stack>
  );
}
