import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SectionStudentDetailPage() {
  const { id = '', num = '' } = useParams();
  return (
    <ComingSoonPage
      title="Student Detail"
      intro={
        <Typography>
          Student {num} in section {id}
        </Typography>
      }
    >
      This page will show the student&apos;s required materials, outstanding and in-transit rentals,
      and let staff return rentals and print return labels. Until it is ready, handle returns at the
      store counter.
    </ComingSoonPage>
  );
}
