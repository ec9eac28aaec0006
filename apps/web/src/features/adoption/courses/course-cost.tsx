import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  COST_DESIGNATIONS,
  COST_DESIGNATION_LABELS,
  COURSE_COST_MARK_LABELS,
  courseCostMark,
  type CostDesignation,
  type CourseCostMark,
  type CourseDTO,
} from '@csp/contracts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

/** Every section alike reads in the section chip's colours; a mix is a plain outline. */
const COLOR: Record<CourseCostMark, 'success' | 'primary' | 'default'> = {
  ZTC: 'success',
  LTC: 'primary',
  SOME_ZTC: 'default',
  SOME_LTC: 'default',
};

type CostCounts = Pick<CourseDTO, 'sectionCount' | 'ztcSectionCount' | 'ltcSectionCount'>;

/** "1 of 3 sections zero textbook cost, 1 low textbook cost": what the mark stands for. */
export function courseCostText(course: CostCounts): string {
  const sections = course.sectionCount === 1 ? 'section' : 'sections';
  return (
    [
      [course.ztcSectionCount, COST_DESIGNATION_LABELS.ZTC],
      [course.ltcSectionCount, COST_DESIGNATION_LABELS.LTC],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, label], i) =>
      i === 0
        ? `${n} of ${course.sectionCount} ${sections} ${label.toLowerCase()}`
        : `${n} ${label.toLowerCase()}`,
    )
    .join(', ');
}

/**
 * A course's textbook cost over the sections its row speaks for (issue 31; courseCostMark's
 * rule): "ZTC" or "LTC" when every section is so, "Some sections ZTC" (or LTC) when a student
 * can choose one, nothing otherwise. The counts are its words for screen readers and on hover.
 */
export function CourseCostMark({ course }: { course: CourseDTO }) {
  const mark = courseCostMark(course);
  if (mark === null) return null;
  const words = courseCostText(course);
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={COLOR[mark]}
        title={words}
        label={
          <>
            <span aria-hidden="true">{COURSE_COST_MARK_LABELS[mark]}</span>
            <VisuallyHidden>Textbook cost: {words}</VisuallyHidden>
          </>
        }
      />
    </Box>
  );
}

/** The catalog's Textbook cost filter: courses with a counted section of the designation. */
export const COURSE_COST_OPTIONS: { value: CostDesignation | ''; label: string }[] = [
  { value: '', label: 'Any' },
  ...COST_DESIGNATIONS.map((d) => ({
    value: d,
    label: d === 'NONE' ? 'A section with no designation' : `A section ${d}`,
  })),
];
