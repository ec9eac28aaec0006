import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../platform/feedback/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { CreateOrderButton } from '../orders/create-order-button.tsx';
import { RequiredMaterialsPanel } from './required-materials-panel.tsx';
import { StudentFundingPanel } from './student-funding-panel.tsx';
import { TransactionHistoryPanel } from '../orders/transaction-history-panel.tsx';
import { RentalsDesk } from '../rentals/rentals-desk.tsx';
import { useStudentDetails } from './student-queries.ts';
import { StudentFacts } from './student-header.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { StudentIaPanel } from '../../inclusive-access/index.ts';

export interface StudentDetailViewProps {
  customerId: number;
  /** The serial a return link carries (?return=), checked on arrival. */
  returnSerial: string | null;
  /** The way back: to the student search, or to the section the student was opened from. */
  back: ReactNode;
  /** Shown between the name and the student's facts (a section's own needs, say). */
  intro?: ReactNode;
}

/**
 * One student at the counter: facts, rentals (the scan field is focused on arrival), what the
 * student needs, the funding that can pay for it (for users who may see it), and what the
 * student has bought. Shared by /search/student/{num} and the student of a section.
 */
export function StudentDetailView({
  customerId,
  returnSerial,
  back,
  intro,
}: StudentDetailViewProps) {
  const details = useStudentDetails(customerId);
  if (details.isPending) return <PageLoader label="Loading the student" />;
  if (details.isError) {
    const status = details.error instanceof ApiRequestError ? details.error.status : 0;
    if (status === 404) return <StudentNotFound back={back} />;
    return (
      <Stack spacing={2}>
        {back}
        <PageHeading>Student Detail</PageHeading>
        <LoadFailure
          severity={status === 403 ? 'warning' : 'error'}
          onRetry={status === 403 ? undefined : () => void details.refetch()}
          title="Could not load the student"
        >
          {details.error.message}
        </LoadFailure>
      </Stack>
    );
  }
  const student = details.data.studentDetail;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {back}
      <PageHeading>{student.name}</PageHeading>
      {intro}
      <StudentFacts
        student={student}
        action={<CreateOrderButton customerId={customerId} studentName={student.name} />}
      />
      <RentalsDesk customerId={customerId} returnSerial={returnSerial} />
      <RequiredMaterialsPanel customerId={customerId} />
      <StudentFundingPanel customerId={customerId} />
      <StudentIaPanel customerId={customerId} />
      <TransactionHistoryPanel customerId={customerId} />
    </Stack>
  );
}

export function StudentNotFound({ back }: { back: ReactNode }) {
  return (
    <Stack spacing={2}>
      {back}
      <PageHeading>Student Detail</PageHeading>
      <Alert severity="warning">
        <AlertTitle>Customer not found</AlertTitle>
        There is no such student at this store. Search for the student by name or student ID.
      </Alert>
    </Stack>
  );
}
