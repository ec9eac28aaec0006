import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CostGapCourse } from '@csp/contracts';
import { CostGapSectionLine } from '../../../components/cost-gap-section-line.tsx';
import { gapReasonText } from '../../../lib/cost-gaps.ts';
import { costRangeText } from '../../../lib/money.ts';
import { adoptionPath } from '../detail/section-ref.ts';

function GapList({ course }: { course: CostGapCourse }) {
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
      {course.gaps.map((gap) => (
        <li key={gap.sectionId}>
          <CostGapSectionLine section={gap} detail={gapReasonText(gap)} small />
        </li>
      ))}
    </Stack>
  );
}

/**
 * The course, linked to its course detail only where the server says it opens (mayOpenCourse:
 * an adopt action on that course or one of its sections), while this report is for anyone who
 * sees sections: holding an adopt action somewhere is not enough.
 */
function CourseLink({ course }: { course: CostGapCourse }) {
  const code = `${course.departmentCode} ${course.courseCode}`;
  return (
    <div>
      {course.mayOpenCourse ? (
        <Link component={RouterLink} to={adoptionPath(course)} sx={{ fontWeight: 600 }}>
          {code}
        </Link>
      ) : (
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {code}
        </Typography>
      )}
      <Typography variant="body2">{course.courseName}</Typography>
    </div>
  );
}

const sectionsText = (c: CostGapCourse) => `${c.gaps.length} of ${c.sectionCount} with a gap`;
const rangeText = (c: CostGapCourse) => costRangeText(c.lowestCents, c.highestCents) ?? '';

function GapRows({ courses, caption }: { courses: readonly CostGapCourse[]; caption: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Course</TableCell>
            <TableCell scope="col">Sections</TableCell>
            <TableCell scope="col">Cost at the cheapest</TableCell>
            <TableCell scope="col">Cheapest alternative</TableCell>
            <TableCell scope="col">Sections with a gap</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((course) => (
            <TableRow key={`${course.courseId}:${course.termId}`} sx={{ verticalAlign: 'top' }}>
              <TableCell component="th" scope="row">
                <CourseLink course={course} />
              </TableCell>
              <TableCell>{sectionsText(course)}</TableCell>
              <TableCell>{rangeText(course)}</TableCell>
              <TableCell>
                <CostGapSectionLine section={course.cheapest} small />
              </TableCell>
              <TableCell>
                <GapList course={course} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function GapCards({ courses, caption }: { courses: readonly CostGapCourse[]; caption: string }) {
  return (
    <Stack component="ul" aria-label={caption} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {courses.map((course) => (
        <Paper
          component="li"
          variant="outlined"
          key={`${course.courseId}:${course.termId}`}
          sx={{ p: 1.5, display: 'grid', gap: 1 }}
        >
          <CourseLink course={course} />
          <Typography variant="body2">
            {sectionsText(course)} · {rangeText(course)} at the cheapest
          </Typography>
          <div>
            <Typography variant="body2" color="text.secondary">
              Cheapest alternative
            </Typography>
            <CostGapSectionLine section={course.cheapest} small />
          </div>
          <div>
            <Typography variant="body2" color="text.secondary">
              Sections with a gap
            </Typography>
            <GapList course={course} />
          </div>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The courses with cost gaps: a table where there is room, a card per course on a phone (five
 * columns of section lists cannot fit 360 px without scrolling sideways).
 */
export function CostGapsTable(props: { courses: readonly CostGapCourse[]; caption: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  return phone ? <GapCards {...props} /> : <GapRows {...props} />;
}
