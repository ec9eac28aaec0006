import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COST_REPORT_PATH, type CostReportTerm } from '@csp/contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { gapRuleText } from '../../../lib/cost-gaps.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useResearchDepartments } from '../api/research-queries.ts';
import { CostGapsTable } from '../cost-gaps/cost-gaps-table.tsx';
import { useCostGaps } from '../cost-gaps/cost-gaps-queries.ts';
import { useCostReportTerms, useShownCostTerm } from '../cost-report/cost-report-queries.ts';

/**
 * `?termId=&departmentId=` (costGapsHref's words); 0 (left out) means the term under way and
 * every department.
 */
const VIEW_SCHEMA = z.object({
  termId: z.coerce.number().int().nonnegative(),
  departmentId: z.coerce.number().int().nonnegative(),
});
const VIEW_DEFAULTS = { termId: 0, departmentId: 0 };

/** Several divisions may share "Fall 2026". */
const termLabel = (t: CostReportTerm) => `${t.termName} (${t.divisionName})`;

function Choosers(props: {
  termId: number | null;
  departmentId: number;
  onTerm: (termId: number) => void;
  onDepartment: (departmentId: number) => void;
}) {
  const terms = useCostReportTerms();
  const departments = useResearchDepartments(props.termId);
  const choices = terms.data ?? [];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 240 }}>
        <FilterSelect
          label="Term"
          value={props.termId === null ? '' : String(props.termId)}
          options={choices.map((t) => ({ value: String(t.termId), label: termLabel(t) }))}
          onChange={(value) => props.onTerm(Number(value))}
          disabled={!terms.isPending && choices.length === 0}
          source={{ isLoading: terms.isPending, error: terms.error }}
        />
      </Box>
      <Box sx={{ minWidth: 240 }}>
        <FilterSelect
          label="Department"
          value={props.departmentId === 0 ? '' : String(props.departmentId)}
          options={[
            { value: '', label: 'All departments' },
            ...(departments.data ?? []).map((d) => ({
              value: String(d.departmentId),
              label: `${d.departmentCode} – ${d.departmentName}`,
            })),
          ]}
          onChange={(value) => props.onDepartment(Number(value || 0))}
          disabled={props.termId === null}
          source={{ isLoading: departments.isLoading, error: departments.error }}
        />
      </Box>
    </Stack>
  );
}

/**
 * /research/cost-gaps (issue 31, point 5): a term's courses whose sections differ by more than
 * the store's gap threshold in required cost, or in required materials, with each course's
 * cheapest alternative section; one department or all, both in the URL. Linked from course
 * detail and the textbook cost report; no drawer item.
 */
export function CostGapsPage() {
  const [view, setView] = useUrlState(VIEW_SCHEMA, VIEW_DEFAULTS);
  const { terms, choices, termId } = useShownCostTerm(view.termId);
  const departmentId = view.departmentId > 0 ? view.departmentId : null;
  const gaps = useCostGaps(termId, departmentId);
  const shown = gaps.isSuccess && !gaps.isPlaceholderData;
  const term = choices.find((t) => t.termId === termId);
  const caption = `Courses with cost gaps, ${term?.termName ?? 'the term'}`;

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <PageHeading>Cost gaps between sections</PageHeading>
      <Typography color="text.secondary">
        {gapRuleText(gaps.data?.thresholdCents ?? null)} Sections no adoption covers yet are left
        out.
      </Typography>
      <Link component={RouterLink} to={COST_REPORT_PATH} sx={{ alignSelf: 'flex-start' }}>
        Textbook cost report
      </Link>
      <Choosers
        termId={termId}
        departmentId={view.departmentId}
        // Departments are a term's: another term starts from all of them.
        onTerm={(id) => setView({ termId: id, departmentId: undefined })}
        onDepartment={(id) => setView({ departmentId: id || undefined })}
      />
      {terms.isSuccess && choices.length === 0 ? (
        <Alert severity="info">
          No term has sections in your catalog scope yet, so there are no gaps to show.
        </Alert>
      ) : terms.isError ? (
        <LoadFailure onRetry={() => void terms.refetch()}>
          Could not load the terms: {errorMessage(terms.error)}
        </LoadFailure>
      ) : gaps.isError ? (
        <LoadFailure onRetry={() => void gaps.refetch()} retrying={gaps.isFetching}>
          Could not load the cost gaps: {errorMessage(gaps.error)}
        </LoadFailure>
      ) : gaps.data ? (
        <Box sx={{ opacity: shown ? 1 : 0.6 }} aria-busy={!shown}>
          {gaps.data.courses.length === 0 ? (
            <Alert severity="success">
              No course has a cost gap between its sections in{' '}
              {departmentId === null ? 'this term' : 'this department and term'}.
            </Alert>
          ) : (
            <CostGapsTable courses={gaps.data.courses} caption={caption} />
          )}
        </Box>
      ) : (
        <PanelLoading what="the cost gaps" />
      )}
    </Stack>
  );
}
