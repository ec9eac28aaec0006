import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { IaProgramRow } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { useIaTermPrograms } from '../api/program-queries.ts';
import { TermFigures } from './ia-terms-page.tsx';
import { ParticipantsDialog } from './participants-dialog.tsx';
import { ProgramEditorDialog } from './program-editor-dialog.tsx';
import { programColumns, sectionName } from './program-columns.tsx';
import { PROGRAM_TEXT as T, datesLine } from './program-text.ts';
import { SectionPicker } from './section-picker.tsx';
import { TermReminders } from './term-reminders.tsx';

const PAGE_SIZE = 25;

/** Where the term's charges stand, beside the way to its charge files. */
function chargesLine(hasChargeFile: boolean, deadlinePassed: boolean): string {
  if (hasChargeFile) return T.chargesMade;
  return deadlinePassed ? T.chargesDue : T.chargesLater;
}

/**
 * /inclusive-access/terms/:termId (issue 32): the term's sections in the program with their
 * materials, prices, model and participation, a way to add a section, and each program's
 * editor, participants and access list. For the term's division managers (`mayEditDates`: the
 * charge files and reminders are the whole division's, IA_TERM_ACCESS) also the way to the
 * term's charge files and the reminders' status.
 */
export function IaTermPage() {
  const termId = Number(useParams().termId);
  const [page, setPage] = useState(1);
  const query = useIaTermPrograms(termId, page, PAGE_SIZE);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<IaProgramRow | null>(null);
  const data = query.data;

  const columns = programColumns(setEditing, setViewing);

  return (
    <Stack spacing={3} useFlexGap sx={{ minWidth: 0 }}>
      <div>
        <Link component={RouterLink} to="/inclusive-access">
          {T.pageTitle}
        </Link>
        <PageHeading>
          {data ? `${T.pageTitle}: ${data.term.termName}, ${data.term.divisionName}` : T.pageTitle}
        </PageHeading>
        {data && <Typography color="text.secondary">{datesLine(data.term)}</Typography>}
      </div>
      {data ? (
        <>
          <TermFigures term={data.term} />
          {data.term.mayEditDates && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              useFlexGap
              sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            >
              <Button
                component={RouterLink}
                to={`/inclusive-access/terms/${termId}/charges`}
                variant="outlined"
                startIcon={<ReceiptLongIcon aria-hidden />}
              >
                {T.chargeFiles}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {chargesLine(data.term.hasChargeFile, data.term.deadlinePassed)}
              </Typography>
            </Stack>
          )}
          <SectionPicker termId={termId} onPick={setEditing} />
          {data.programs.length === 0 ? (
            <Alert severity="info">{T.noPrograms}</Alert>
          ) : (
            <ResponsiveTable
              label={`Programs of ${data.term.termName}`}
              columns={columns}
              rows={data.programs}
              rowKey={(r) => r.sectionId}
            />
          )}
          {data.recordCount > PAGE_SIZE && (
            <Pagination
              count={Math.ceil(data.recordCount / PAGE_SIZE)}
              page={page}
              onChange={(_, next) => setPage(next)}
              aria-label="Pages of programs"
            />
          )}
          {data.term.mayEditDates && (
            <TermReminders termId={termId} startDate={data.term.startDate} />
          )}
        </>
      ) : query.isError ? (
        failureStatus(query.error) === 404 || failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message}
          </LoadFailure>
        ) : (
          <PanelError
            what={T.loadingPrograms}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <PanelLoading what={T.loadingPrograms} />
      )}
      {editing !== null && (
        <ProgramEditorDialog sectionId={editing} onClose={() => setEditing(null)} />
      )}
      {viewing && (
        <ParticipantsDialog
          sectionId={viewing.sectionId}
          label={sectionName(viewing)}
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}
