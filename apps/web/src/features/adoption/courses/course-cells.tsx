import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { PENDING_START } from '@csp/contracts';
import type { CourseDTO } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden.tsx';

/** The course detail route (docs/behaviour/routes-and-guard.md): /adopt/course/{divisionId}/{departmentCode}/{courseCode}. */
export function courseDetailPath(
  course: Pick<CourseDTO, 'divisionId' | 'departmentCode' | 'courseCode'>,
) {
  return `/adopt/course/${course.divisionId}/${encodeURIComponent(course.departmentCode)}/${encodeURIComponent(course.courseCode)}`;
}

/** Staff name a course by department and number ("BIOL 101"); the number alone is ambiguous. */
export function courseLabel(course: Pick<CourseDTO, 'departmentCode' | 'courseCode'>) {
  return `${course.departmentCode} ${course.courseCode}`;
}

/** The grid hands each cell the tab index of its roving focus; links inside must follow it. */
export function CourseLink({ course, tabIndex }: { course: CourseDTO; tabIndex: 0 | -1 }) {
  return (
    <Link
      component={RouterLink}
      to={courseDetailPath(course)}
      tabIndex={tabIndex}
      sx={{ fontWeight: 500 }}
    >
      {courseLabel(course)}
    </Link>
  );
}

/** docs/behaviour/entities.md: nextStartDate may be PENDING (no section starts in the window yet). */
export function NextStart({ value }: { value: string }) {
  if (value === PENDING_START) {
    return <Chip size="small" variant="outlined" label="Pending" />;
  }
  return <>{formatDisplayDate(value)}</>;
}

/** docs/behaviour/constants.md: 'complete' shows Y, anything else N; screen readers hear the whole answer. */
export function AdoptedMark({ status }: { status: CourseDTO['adoptionStatus'] }) {
  const adopted = status === 'complete';
  return (
    <>
      <Chip
        aria-hidden
        size="small"
        label={adopted ? 'Y' : 'N'}
        color={adopted ? 'success' : 'default'}
        variant={adopted ? 'filled' : 'outlined'}
        sx={{ minWidth: 32, fontWeight: 700 }}
      />
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {adopted ? 'Adopted: yes' : 'Adopted: no'}
      </Box>
    </>
  );
}

/** An icon and words, never colour alone; under a "Response" header "Required" says enough. */
export function ResponseMark({ required }: { required: boolean }) {
  if (!required) {
    return (
      <Box component="span" sx={VISUALLY_HIDDEN}>
        Not required
      </Box>
    );
  }
  return (
    <Chip
      size="small"
      color="warning"
      icon={<MarkEmailUnreadOutlinedIcon aria-hidden />}
      label="Required"
    />
  );
}

/**
 * docs/behaviour/constants.md: a section that needs no text reads NMR, here as on course detail,
 * whose abbreviation title and legend this follows so the two screens explain it alike.
 */
export const NMR_LEGEND =
  'NMR: no material required (a section whose one adoption says no text is needed).';

function Nmr() {
  return <abbr title="No material required">NMR</abbr>;
}

/** Whether the course's sections count any marked no text required (NMR) rather than adopted. */
export const countsNoMaterial = (course: CourseDTO) => course.noTextRequiredSectionCount > 0;

/**
 * The server counts a no-text-required section among the adopted ones (adoptedSectionCount), so
 * those are taken out of "adopted" and shown as NMR: a course whose every section needs no text
 * reads "1 (NMR)", not "1 (1 adopted)", and a mix names both ("3 (1 adopted, 1 NMR)").
 */
function adoptionFigure(course: CourseDTO) {
  const noMaterial = course.noTextRequiredSectionCount;
  if (noMaterial === 0) return <>{course.adoptedSectionCount} adopted</>;
  if (noMaterial >= course.sectionCount) return <Nmr />;
  return (
    <>
      {course.adoptedSectionCount - noMaterial} adopted, {noMaterial} <Nmr />
    </>
  );
}

export function SectionCounts({ course }: { course: CourseDTO }) {
  return (
    <Box component="span">
      <Typography variant="body2" component="span">
        {course.sectionCount}{' '}
        <Typography variant="body2" component="span" color="text.secondary">
          ({adoptionFigure(course)})
        </Typography>
      </Typography>
      <DeadlineLine course={course} />
    </Box>
  );
}

/**
 * "1 missing · 2 late": the course's counted sections that stand badly against their term's
 * adoption deadline (issue 30), nothing when none does. Missing, the standing that asks for
 * work, reads in the dark red of section research's Missing chip.
 */
export function DeadlineLine({ course }: { course: CourseDTO }) {
  const { missingSectionCount: missing, lateSectionCount: late } = course;
  if (missing === 0 && late === 0) return null;
  return (
    <Typography variant="caption" component="span" sx={{ display: 'block' }}>
      {missing > 0 && (
        <Box component="span" sx={{ color: '#7a1712', fontWeight: 600 }}>
          {missing} missing
        </Box>
      )}
      {missing > 0 && late > 0 && ' · '}
      {late > 0 && <>{late} late</>}
    </Typography>
  );
}

/** The phone's form of the marker: a line under the course name, which has no header. */
export function ResponseLine() {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
      <MarkEmailUnreadOutlinedIcon aria-hidden sx={{ fontSize: 16, color: 'warning.dark' }} />
      <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        Response required
      </Typography>
    </Stack>
  );
}
