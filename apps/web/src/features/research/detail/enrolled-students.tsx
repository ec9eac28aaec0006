import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { EnrolledStudent, SectionDetailDTO } from '@csp/contracts';
import { sectionStudentPath } from '../list/section-links.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { useListReturn } from './section-ref.ts';

const byName = (a: EnrolledStudent, b: EnrolledStudent) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  a.studentIdNum.localeCompare(b.studentIdNum);

/**
 * The section's students by last name, each opening the student in this section. (The
 * record's keys are customer ids, which JavaScript orders as numbers, so the names are
 * sorted here.)
 */
export function EnrolledStudents({ section }: { section: SectionDetailDTO }) {
  const back = useListReturn();
  const students = Object.values(section.studentsEnrolled).sort(byName);
  return (
    <PanelSection
      title="Enrolled students"
      aside={
        <Typography variant="body2" color="text.secondary">
          {students.length === 1 ? '1 student' : `${students.length} students`}
        </Typography>
      }
    >
      {students.length === 0 ? (
        <Typography color="text.secondary">No students are enrolled.</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            columnGap: 2,
          }}
        >
          {students.map((s) => (
            <Box component="li" key={s.customerId} sx={{ py: 0.75 }}>
              <Link
                component={RouterLink}
                to={sectionStudentPath(section.sectionId, s.customerId)}
                state={back}
                sx={{ fontWeight: 500 }}
              >
                {s.lastName}, {s.firstName}
              </Link>
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · ID {s.studentIdNum}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </PanelSection>
  );
}
