import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { COST_DESIGNATION_LABELS, COST_REPORT_PATH, type DivisionTermInput } from '@csp/contracts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { useCostDesignationShares } from '../api/metrics-queries.ts';
import { countOf, formatCount, formatPercent } from './metric-format.ts';

/**
 * The term's zero and low textbook cost shares (issue 31, point 5) under the adoption card's
 * figures: each as a percentage of the term's sections with the counts behind it, and a link
 * to the textbook cost report of the same term. The card is a full reporter's, the report asks
 * for VIEW_SECTION (its route's condition): others see no link. Loads, fails and retries on
 * its own.
 */
export function CostShares({ input }: { input: DivisionTermInput }) {
  const query = useCostDesignationShares(input);
  const mayOpenReport = useSession().actions.includes('VIEW_SECTION');
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <Typography variant="body2" color="error">
        Textbook cost shares could not be loaded.{' '}
        <Button size="small" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Typography>
    );
  }
  const s = query.data;
  const of = (n: number) =>
    `${formatCount(n)} of ${countOf(s.sectionCount, 'section', 'sections')}`;
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="body2">
        {COST_DESIGNATION_LABELS.ZTC}: <strong>{formatPercent(s.ztcPercentage)}</strong> (
        {of(s.ztcCount)})
      </Typography>
      <Typography variant="body2">
        {COST_DESIGNATION_LABELS.LTC}: <strong>{formatPercent(s.ltcPercentage)}</strong> (
        {of(s.ltcCount)})
      </Typography>
      {mayOpenReport && (
        <Link
          component={RouterLink}
          to={`${COST_REPORT_PATH}?termId=${input.termId}`}
          variant="body2"
        >
          Textbook cost report
        </Link>
      )}
    </Box>
  );
}
