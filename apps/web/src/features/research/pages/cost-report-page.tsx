import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COMPARISON_TERM_TOLERANCE_DAYS,
  COST_GAPS_PATH,
  getCostReport,
  type CostReport,
  type CostReportTerm,
} from '@csp/contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { DownloadReportButton } from '../../../platform/downloads/download-report-button.tsx';
import { CostReportTable } from '../cost-report/cost-report-table.tsx';
import { useCostReport, useShownCostTerm } from '../cost-report/cost-report-queries.ts';

/** `?termId=` in the URL; 0 (left out) means the term under way. */
const VIEW_SCHEMA = z.object({ termId: z.coerce.number().int().nonnegative() });
const VIEW_DEFAULTS = { termId: 0 };

/** Several divisions may share "Fall 2026". */
const termLabel = (t: CostReportTerm) => `${t.termName} (${t.divisionName})`;

function Comparison({ report }: { report: CostReport }) {
  return (
    <Typography>
      {report.comparisonTerm
        ? `Changes are from ${termLabel(report.comparisonTerm)}, the same term a year before.`
        : `No term of ${report.term.divisionName} started within ${COMPARISON_TERM_TOLERANCE_DAYS} days of a year before ${report.term.termName}, so there is no change to show.`}
    </Typography>
  );
}

/**
 * /research/costs (issue 31, point 6): a term's sections in the caller's scope by department
 * and cost designation, the average required cost and the change from the same term a year
 * before, with its .xlsx and a link to the term's cost gaps. The term is in the URL.
 */
export function CostReportPage() {
  const [view, setView] = useUrlState(VIEW_SCHEMA, VIEW_DEFAULTS);
  const { terms, choices, termId } = useShownCostTerm(view.termId);
  const report = useCostReport(termId);
  const shown = report.isSuccess && !report.isPlaceholderData;

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <PageHeading>Textbook cost report</PageHeading>
      <Typography color="text.secondary">
        Each department&apos;s sections by cost designation, as the class schedule marks them (a
        store&apos;s override counts as shown), and their average required cost: the required
        materials at the cheapest way the store offers, over the sections whose cost is known.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 240 }}>
          <FilterSelect
            label="Term"
            value={termId === null ? '' : String(termId)}
            options={choices.map((t) => ({ value: String(t.termId), label: termLabel(t) }))}
            onChange={(value) => setView({ termId: Number(value) })}
            disabled={!terms.isPending && choices.length === 0}
            source={{ isLoading: terms.isPending, error: terms.error }}
          />
        </Box>
        {termId !== null && (
          <>
            <DownloadReportButton
              endpoint={getCostReport}
              query={{ termId }}
              fallbackName="cost-report.xlsx"
              reportName="textbook cost report"
              disabled={!shown}
            />
            <Link
              component={RouterLink}
              to={`${COST_GAPS_PATH}?${new URLSearchParams({ termId: String(termId) }).toString()}`}
            >
              Cost gaps between sections of this term
            </Link>
          </>
        )}
      </Stack>
      {terms.isSuccess && choices.length === 0 ? (
        <Alert severity="info">
          No term has sections in your catalog scope yet, so there is nothing to report.
        </Alert>
      ) : terms.isError ? (
        <LoadFailure onRetry={() => void terms.refetch()}>
          Could not load the terms: {errorMessage(terms.error)}
        </LoadFailure>
      ) : report.isError ? (
        <LoadFailure onRetry={() => void report.refetch()} retrying={report.isFetching}>
          Could not load the textbook cost report: {errorMessage(report.error)}
        </LoadFailure>
      ) : report.data ? (
        <Stack spacing={2} sx={{ opacity: shown ? 1 : 0.6 }} aria-busy={!shown}>
          <Comparison report={report.data} />
          <CostReportTable report={report.data} />
        </Stack>
      ) : (
        <PanelLoading what="the textbook cost report" />
      )}
    </Stack>
  );
}
