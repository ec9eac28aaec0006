import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../app/feedback/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { CreateOrderButton } from '../components/create-order-button.tsx';
import { RequiredMaterialsPanel } from '../components/required-materials-panel.tsx';
import { TransactionHistoryPanel } from '../components/transaction-history-panel.tsx';
import { StudentFacts } from '../detail/student-header.tsx';
import { RentalsDesk } from '../rentals/rentals-desk.tsx';
import { useStudentDetails } from '../api/student-queries.ts';

/** The route's `num` is the customerId (spec §2); anything else is no student. */
function customerIdOf(num: string | undefined): number | null {
  if (!num || !/^\d{1,12}$/.test(num)) return null;
  const id = Number(num);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/**
 * /search/student/{num}: the counter's screen for one student. The rentals come first (the
 * scan field is focused on arrival); what the student needs and has bought follows.
 */
export function SearchStudentDetailPage() {
  const { num } = useParams();
  const [params] = useSearchParams();
  const customerId = customerIdOf(num);
  if (customerId === null) return <NotFound />;
  return <StudentDetailView customerId={customerId} returnSerial={params.get('return')} />;
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

function NotFound() {
  return (
    <Stack spacing={2}>
      <BackToSearch />
      <PageHeading>Student Detail</PageHeading>
      <Alert severity="warning">
        <AlertTitle>Customer not found</AlertTitle>
        There is no such student at this store. Search for the student by name or student ID.
      </Alert>
    </Stack>
  );
}

function StudentDetailView({
  customerId,
  returnSerial,
}: {
  customerId: number;
  returnSerial: string | null;
}) {
  const details = useStudentDetails(customerId);
  if (details.isPending) return <PageLoader label="Loading the student" />;
  if (details.isError) {
    const status = details.error instanceof ApiRequestError ? details.error.status : 0;
    if (status === 404) return <NotFound />;
    return (
      <Stack spacing={2}>
        <BackToSearch />
        <PageHeading>Student Detail</PageHeading>
        <Alert
          severity={status === 403 ? 'warning' : 'error'}
          action={
            status === 403 ? undefined : (
              <Button color="inherit" onClick={() => void details.refetch()}>
                Try again
              </Button>
            )
          }
        >
          <AlertTitle>Could not load the student</AlertTitle>
          {details.error.message}
        </Alert>
      </Stack>
    );
  }
  const student = details.data.studentDetail;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <BackToSearch />
      <PageHeading>{student.name}</PageHeading>
      <StudentFacts
        student={student}
        action={<CreateOrderButton customerId={customerId} studentName={student.name} />}
      />
      <RentalsDesk customerId={customerId} returnSerial={returnSerial} />
      <RequiredMaterialsPanel customerId={customerId} />
      <TransactionHistoryPanel customerId={customerId} />
    </Stack>
  );
}
