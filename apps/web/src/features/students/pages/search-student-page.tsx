import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SearchStudentPage() {
  const [params] = useSearchParams();
  const query = params.get('q');
  return (
    <ComingSoonPage
      title="Student Search"
      intro={query ? <Typography>You searched for “{query}”.</Typography> : undefined}
    >
      Student search will find students by name or student ID and open their rentals, returns and
      return labels. Until it is ready, look students up in the store&apos;s point-of-sale system.
    </ComingSoonPage>
  );
}
