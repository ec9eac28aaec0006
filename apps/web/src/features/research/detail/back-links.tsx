import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { sectionPath } from '../list/section-links.tsx';
import { useListReturn } from './section-ref.ts';

/**
 * Where the user is: the list (with the filters it was left with), the section, the student.
 * The section and student links carry the list's filters on, so the way back keeps them.
 */
export function ResearchBreadcrumbs({
  section,
  current,
}: {
  /** The section, when the page is below it. */
  section?: { sectionId: number; label: string };
  current: string;
}) {
  const back = useListReturn();
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to={`/research${back.listSearch}`}>
        Section Research
      </Link>
      {section && (
        <Link component={RouterLink} to={sectionPath(section.sectionId)} state={back}>
          {section.label}
        </Link>
      )}
      <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
