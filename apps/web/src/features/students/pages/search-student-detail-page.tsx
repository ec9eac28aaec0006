import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { customerIdOf } from '../detail/customer-id.ts';
import { StudentDetailView, StudentNotFound } from '../detail/student-detail-view.tsx';

/**
 * /search/student/{num}: the counter's screen for one student. The rentals come first (the
 * scan field is focused on arrival); what the student needs and has bought follows.
 */
export function SearchStudentDetailPage() {
  const { num } = useParams();
  const [params] = useSearchParams();
  const customerId = customerIdOf(num);
  if (customerId === null) return <StudentNotFound back={<BackToSearch />} />;
  return (
    <StudentDetailView
      customerId={customerId}
      returnSerial={params.get('return')}
      back={<BackToSearch />}
    />
  );
}

function BackToSearch() {
  return (
    <Link
      component={RouterLink}
      to="/search"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        alignSelf: 'flex-start',
        py: 0.5,
      }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      Student Search
    </Link>
  );
}
