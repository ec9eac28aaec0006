import { z } from 'zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { NEAR_EXPIRY_DEFAULT_DAYS } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { FundingBreadcrumbs } from '../components/funding-breadcrumbs.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { AccessDayReport } from '../reports/access-day-report.tsx';
import { NearExpiryReport } from '../reports/near-expiry-report.tsx';
import { SpendingReport } from '../reports/spending-report.tsx';

const REPORTS = [
  { value: 'spending', label: 'Spending by source and term' },
  { value: 'near-expiry', label: 'Near expiry' },
  { value: 'access-day', label: 'Day-7 access' },
] as const;
type ReportValue = (typeof REPORTS)[number]['value'];

// The report, its days and its term are in the URL, so a link reopens the same report.
const REPORT_STATE = z.object({
  report: z.enum(['spending', 'near-expiry', 'access-day']),
  days: z.coerce.number().int().min(0).max(365),
  term: z.coerce.number().int().min(0),
  // The page of the open report; any other change goes back to page 1.
  page: z.coerce.number().int().min(1),
});
const REPORT_DEFAULTS: z.output<typeof REPORT_STATE> = {
  report: 'spending',
  days: NEAR_EXPIRY_DEFAULT_DAYS,
  term: 0,
  page: 1,
};

/**
 * /funding-management/reports: the three funding reports, each downloadable as .xlsx. A tab
 * change replaces the history entry (Back leaves the reports); every tab has its panel, hidden
 * unless open, and only the open one asks for its report.
 */
export function FundingReportsPage() {
  const [state, setState] = useUrlState(REPORT_STATE, REPORT_DEFAULTS);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1300, minWidth: 0 }}>
      <FundingBreadcrumbs current={T.reportsTitle} />
      <PageHeading>{T.reportsTitle}</PageHeading>
      <Tabs
        value={state.report}
        onChange={(_, next: ReportValue) => setState({ report: next }, { replace: true })}
        aria-label="Funding reports"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORTS.map((r) => (
          <Tab
            key={r.value}
            value={r.value}
            label={r.label}
            id={`funding-report-tab-${r.value}`}
            aria-controls={`funding-report-panel-${r.value}`}
          />
        ))}
      </Tabs>
      {REPORTS.map((r) => (
        <Box
          key={r.value}
          role="tabpanel"
          id={`funding-report-panel-${r.value}`}
          aria-labelledby={`funding-report-tab-${r.value}`}
          hidden={r.value !== state.report}
          sx={{ minWidth: 0 }}
        >
          {r.value === state.report && (
            <ReportContent
              report={r.value}
              state={state}
              onDays={(days) => setState({ days })}
              onTerm={(term) => setState({ term })}
              onPage={(page, options) => setState({ page }, options)}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

function ReportContent({
  report,
  state,
  onDays,
  onTerm,
  onPage,
}: {
  report: ReportValue;
  state: z.output<typeof REPORT_STATE>;
  onDays: (days: number) => void;
  onTerm: (term: number) => void;
  onPage: (page: number, options?: { replace: boolean }) => void;
}) {
  switch (report) {
    case 'spending':
      return <SpendingReport />;
    case 'near-expiry':
      return (
        <NearExpiryReport
          withinDays={state.days}
          onDays={onDays}
          page={state.page}
          onPage={onPage}
        />
      );
    case 'access-day':
      return (
        <AccessDayReport
          termId={state.term > 0 ? state.term : null}
          onTerm={onTerm}
          page={state.page}
          onPage={onPage}
        />
      );
  }
}
