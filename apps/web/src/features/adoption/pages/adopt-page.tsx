import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function AdoptPage() {
  const [params] = useSearchParams();
  const query = params.get('q');
  return (
    <ComingSoonPage
      title="Adopt Course Materials"
      intro={query ? <Typography>You searched for “{query}”.</Typography> : undefined}
    >
      The course catalog will list your courses with filters, sorting, paging and an export, and a
      guided wizard will add, edit and link course-material adoptions. Until it is ready, send
      adoptions to the store&apos;s course materials team.
    </ComingSoonPage>
  );
}
