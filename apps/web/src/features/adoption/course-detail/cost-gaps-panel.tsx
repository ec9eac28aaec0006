import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { costGapsHref, type CostGapCourse } from '@csp/contracts';
import { CostGapSectionLine } from '../../../components/cost-gap-section-line.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { Panel } from '../../../components/panel.tsx';
import { gapReasonText, gapRuleText } from '../../../lib/cost-gaps.ts';
import { useCourseCostGaps } from './course-detail-queries.ts';
import type { CourseRef } from './course-ref.ts';

function TermGaps({ gaps }: { gaps: CostGapCourse }) {
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {gaps.termName}: {gaps.gaps.length} of {gaps.sectionCount} sections
      </Typography>
      <div>
        <Typography variant="body2" color="text.secondary">
          Cheapest alternative
        </Typography>
        <CostGapSectionLine section={gaps.cheapest} />
      </div>
      <div>
        <Typography variant="body2" color="text.secondary">
          Sections with a gap
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {gaps.gaps.map((gap) => (
            <li key={gap.sectionId}>
              <CostGapSectionLine section={gap} detail={gapReasonText(gap)} />
            </li>
          ))}
        </Stack>
      </div>
      <Link component={RouterLink} to={costGapsHref(gaps)} sx={{ alignSelf: 'flex-start' }}>
        Cost gaps in {gaps.departmentCode}, {gaps.termName}
      </Link>
    </Stack>
  );
}

/**
 * Course detail's "Cost gaps" (issue 31, point 5): shown only when a term of the course has a
 * section whose required cost or materials differ from its cheapest section's, naming that
 * cheapest section as the alternative. Asked only of callers who may see the course's sections.
 */
export function CostGapsPanel({ course, enabled }: { course: CourseRef; enabled: boolean }) {
  const headingId = useId();
  const query = useCourseCostGaps(course, enabled);
  if (!enabled || query.isPending) return null;
  if (query.isError) {
    return (
      <Panel labelledBy={headingId}>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          Cost gaps
        </Typography>
        <LoadFailure onRetry={() => void query.refetch()}>
          The course&apos;s cost gaps could not be loaded.
        </LoadFailure>
      </Panel>
    );
  }
  if (query.data.courses.length === 0) return null;
  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        Cost gaps
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {gapRuleText(query.data.thresholdCents)}
      </Typography>
      <Stack spacing={2}>
        {query.data.courses.map((gaps) => (
          <TermGaps key={gaps.termId} gaps={gaps} />
        ))}
      </Stack>
    </Panel>
  );
}
