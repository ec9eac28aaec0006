import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { CompletenessBar } from './completeness-bar.tsx';
import { CostFilterSelect, type CostFilter } from './cost-designation.tsx';
import { DepartmentPanel } from './department-panel.tsx';
import { Loading } from './textbook-loading.tsx';
import { scheduleFeedCsvHref, textbookCsvHref, useTextbookTerm } from './textbook-queries.ts';
import { costExplanation, TEXTBOOK_TEXT as T } from './textbook-messages.ts';

/**
 * One term: its dates, the store's completeness over every section, the CSV (and the registrar's
 * schedule feed of cost designations, a small link: its consumer is the registrar's system), and
 * a panel per department. A term the server does not know for this store says so in its own words.
 */
export function TermOverview(props: {
  termId: number;
  /** The sections' cost filter, kept in the page's URL. */
  costFilter: CostFilter;
  onCostFilterChange: (filter: CostFilter) => void;
}) {
  const { termId, costFilter } = props;
  const query = useTextbookTerm(termId);
  if (query.isPending) return <Loading label={T.loading} />;
  if (query.isError) {
    const refused = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Alert
        severity="error"
        action={
          refused ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {T.retry}
            </Button>
          )
        }
      >
        {refused ? query.error.message : T.termFailed}
      </Alert>
    );
  }
  const { term, departments } = query.data;
  const termTitle = `${term.termName} · ${term.divisionName}`;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack spacing={1}>
        <Typography component="h2" variant="h5">
          {termTitle}
        </Typography>
        <Typography color="text.secondary">
          {formatDisplayDate(term.startDate)} – {formatDisplayDate(term.endDate)}
        </Typography>
        <CompletenessBar
          answered={query.data.sectionsAnswered}
          count={query.data.sectionCount}
          percent={query.data.completenessPercent}
          label={termTitle}
        />
        <div>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            href={textbookCsvHref(term.termId)}
            download
          >
            {T.downloadCsv}
          </Button>
        </div>
        <div>
          <Link href={scheduleFeedCsvHref(term.termId)} download variant="body2">
            {T.scheduleFeedCsv}
          </Link>
        </div>
      </Stack>
      <Typography component="h2" variant="h6">
        {T.departments}
      </Typography>
      {/* Once on the page, beside the filter: what the sections' cost chips mean. */}
      <Typography variant="body2" color="text.secondary">
        {costExplanation(query.data.ltcThresholdCents)}
      </Typography>
      <Box sx={{ maxWidth: 360 }}>
        <CostFilterSelect value={costFilter} onChange={props.onCostFilterChange} />
      </Box>
      {departments.length === 0 ? (
        <Typography>{T.noDepartments}</Typography>
      ) : (
        <div>
          {departments.map((d) => (
            <DepartmentPanel
              key={d.departmentId}
              termId={term.termId}
              department={d}
              costFilter={costFilter}
            />
          ))}
        </div>
      )}
    </Stack>
  );
}
