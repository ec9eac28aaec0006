import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function CourseDetailPage() {
  const { departmentCode = '', courseCode = '' } = useParams();
  return (
    <ComingSoonPage
      title="Course Detail"
      intro={
        <Typography>
          Course {departmentCode} {courseCode}
        </Typography>
      }
    >
      The course page will show section adoptions, course adoptions, auto adoptions and adoptions
      that need a response, with the adoption wizard to add or change them. Until it is ready, send
      adoptions to the store&apos;s course materials team.
    </ComingSoonPage>
  );
}
