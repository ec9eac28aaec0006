import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportStatus, ImportSummary } from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { isWorking, useImport, useRefreshAfterImport } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { ProgressBar } from '../imports/progress-bar.tsx';
import { ApplyImport } from './apply-import.tsx';
import { ColumnMappingPart } from './column-mapping-part.tsx';
import { EntityChanges } from './entity-changes.tsx';
import { ImportStatusChip } from './import-status-chip.tsx';
import { RejectedRows } from './rejected-rows.tsx';
import { RejectionReasons } from './rejection-reasons.tsx';
import {
  applyPauseText,
  changesNothing,
  csvDialectText,
  formatBytes,
  percentOf,
  rowCountsText,
  rowProgressText,
} from './report-format.ts';
import { count, formatDateTime } from '../../../lib/format.ts';
import { DefinitionGrid } from '../../../components/definition-grid.tsx';

interface ImportReportProps {
  importId: number;
  phone: boolean;
  /** Move the keyboard focus here when it opens (just uploaded, or picked from the list). */
  focusOnOpen: boolean;
}

/**
 * One import: checked (and polled while the server works), the report of what applying would
 * do before anything is written, then the apply and its result.
 */
export function ImportReport({ importId, phone, focusOnOpen }: ImportReportProps) {
  const query = useImport(importId);
  const summary = query.data;
  useRefreshWhenSettled(summary?.status);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  return (
    // The heading is focused when the report opens, so a keyboard user goes on from here; the
    // status beside it is announced when it changes: "Checked, ready to apply", "Applied".
    <PanelSection
      title={summary ? `Import report: ${summary.fileName}` : 'Import report'}
      headingRef={headingRef}
      aside={<Box role="status">{summary && <ImportStatusChip status={summary.status} />}</Box>}
    >
        {query.isPending && <PanelLoading what={T.reportLoading} />}
        {query.isError && (
          <PanelError
            what={T.reportLoading}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
        {summary && (
          <ReportBody
            summary={summary}
            phone={phone}
            // The form the keyboard was in is gone once the mapping is sent: on to the report.
            onMapped={() => headingRef.current?.focus()}
          />
        )}
    </PanelSection>
  );
}

/** When the server finishes with an import, the lists and the status say what it did. */
function useRefreshWhenSettled(status: ImportStatus | undefined) {
  const refresh = useRefreshAfterImport();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was && status && isWorking(was) && !isWorking(status)) void refresh();
  }, [status, refresh]);
}

function ReportBody(props: { summary: ImportSummary; phone: boolean; onMapped: () => void }) {
  const { summary, phone, onMapped } = props;
  const checked =
    summary.status !== 'VALIDATING' && summary.status !== 'NEEDS_MAPPING' && summary.rowsRead > 0;
  const applied = summary.status === 'APPLIED';
  const issuesHeading = summary.rowsWarned > 0 ? T.issuesHeading : T.rejectedRowsHeading;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {summary.formatName}
        {summary.divisionName && ` · ${summary.divisionName}`} · {formatBytes(summary.fileBytes)}{' '}
        · uploaded {formatDateTime(summary.createdAt)} by {summary.createdByName}
        {csvDialectText(summary) && ` · ${csvDialectText(summary)}`}
      </Typography>
      <ColumnMappingPart summary={summary} phone={phone} onSent={onMapped} />
      {summary.status === 'VALIDATING' && (
        <ProgressBar
          label={`Checking ${summary.fileName}`}
          value={progressValue(summary)}
          text={rowProgressText(summary.progress, 'checked') || 'Reading the file…'}
        />
      )}
      <ApplyOutcome summary={summary} />
      {summary.status === 'VALIDATED' && summary.errorMessage && (
        // An apply that failed or was cut off kept nothing: the server says so, and it may be
        // applied again.
        <Alert severity="warning">{summary.errorMessage}</Alert>
      )}
      {summary.status === 'EXPIRED' && <Alert severity="info">{summary.errorMessage}</Alert>}
      {(summary.status === 'INVALID' || summary.status === 'FAILED') && (
        <Alert severity="error">
          {summary.errorMessage ??
            (summary.status === 'INVALID' ? 'No row of this file can be applied.' : 'The import failed.')}
          {summary.status === 'FAILED' && ' Nothing was written to the store.'}
        </Alert>
      )}
      {checked && (
        <>
          <RowFigures summary={summary} />
          {summary.terms.length > 0 && (
            <Figure label="Terms">{summary.terms.join(', ')}</Figure>
          )}
          <ReportPart title={applied ? 'What applying did' : 'What applying would do'}>
            {changesNothing(summary) && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {applied
                  ? 'Nothing changed: every valid row matched what the store holds.'
                  : 'Nothing would change: every valid row matches what the store already holds.'}
              </Alert>
            )}
            <Typography variant="body2" sx={{ mb: 1 }}>
              Rows: {rowCountsText(summary)}
            </Typography>
            {summary.entities.length > 0 && (
              <EntityChanges
                summary={summary}
                caption={applied ? 'Records the import changed' : 'Records applying would change'}
                phone={phone}
              />
            )}
          </ReportPart>
          {summary.reasons.length > 0 && (
            <ReportPart title={T.reasonsHeading}>
              <RejectionReasons reasons={summary.reasons} phone={phone} label={T.reasonsHeading} />
            </ReportPart>
          )}
          {summary.warnings.length > 0 && (
            <ReportPart title={T.warningsHeading}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {T.warningsIntro}
              </Typography>
              <RejectionReasons reasons={summary.warnings} phone={phone} label={T.warningsHeading} />
            </ReportPart>
          )}
        </>
      )}
      {summary.status === 'VALIDATED' && <ApplyImport key={summary.importId} summary={summary} />}
      {checked && (summary.rowsRejected > 0 || summary.rowsWarned > 0) && (
        <ReportPart title={issuesHeading}>
          <RejectedRows importId={summary.importId} phone={phone} label={issuesHeading} />
        </ReportPart>
      )}
    </Stack>
  );
}

function progressValue(summary: ImportSummary): number | null {
  const progress = summary.progress;
  if (!progress || progress.total === null) return null;
  return percentOf(progress.done, progress.total);
}

/** While applying, how far it is; once applied, what it did: the news, so at the top. */
function ApplyOutcome({ summary }: { summary: ImportSummary }) {
  if (summary.status === 'APPLYING') {
    const pause = applyPauseText(summary, 'during');
    return (
      <Stack spacing={1}>
        <ProgressBar
          label={`Applying ${summary.fileName}`}
          value={progressValue(summary) ?? 0}
          text={rowProgressText(summary.progress, 'applied') || 'Starting…'}
        />
        {pause && (
          <Alert severity="info" role="status">
            {pause}
          </Alert>
        )}
      </Stack>
    );
  }
  if (summary.status === 'APPLIED') {
    return (
      <Alert severity="success">
        Applied{summary.appliedAt ? ` ${formatDateTime(summary.appliedAt)}` : ''}: {rowCountsText(summary)}.
      </Alert>
    );
  }
  return null;
}

function RowFigures({ summary }: { summary: ImportSummary }) {
  const figures = summary.rowsWarned > 0 ? 4 : 3;
  return (
    <DefinitionGrid
      sx={{
        gridTemplateColumns: {
          xs: `repeat(${figures}, minmax(0, 1fr))`,
          sm: `repeat(${figures}, max-content)`,
        },
        columnGap: 4,
        '& dd': { m: 0, typography: 'h6' },
        '& dt': { typography: 'body2', color: 'text.secondary', gridRow: 1 },
      }}
    >
      <dt>Rows read</dt>
      <dd>{count(summary.rowsRead)}</dd>
      <dt>Valid</dt>
      <dd>{count(summary.rowsValid)}</dd>
      <dt>Rejected</dt>
      <dd>{count(summary.rowsRejected)}</dd>
      {summary.rowsWarned > 0 && (
        <>
          <dt>Valid, a value left out</dt>
          <dd>{count(summary.rowsWarned)}</dd>
        </>
      )}
    </DefinitionGrid>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {children}
    </Typography>
  );
}

function ReportPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
