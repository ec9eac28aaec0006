import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SearchStudentDetailPage() {
  const { num = '' } = useParams();
  return (
    <ComingSoonPage title="Student Detail" intro={<Typography>Student {num}</Typography>}>
      This page will show the student&apos;s fulfilment and shipping preferences, outstanding and
      in-transit rentals with a scan field for serial numbers and ISBNs, and the return and
      shipping-label actions. Until it is ready, handle returns at the store counter.
    </ComingSoonPage>
  );
}
