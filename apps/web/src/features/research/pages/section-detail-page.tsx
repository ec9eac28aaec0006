import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SectionDetailPage() {
  const { id = '' } = useParams();
  return (
    <ComingSoonPage title="Section Detail" intro={<Typography>Section {id}</Typography>}>
      The section page will show the section&apos;s dates, instructors, adopted materials,
      fulfilment progress and enrolled students. Until it is ready, ask the store&apos;s course
      materials team for this section&apos;s details.
    </ComingSoonPage>
  );
}
