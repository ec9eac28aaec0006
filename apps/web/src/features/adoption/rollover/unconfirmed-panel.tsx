import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_UNCONFIRMED_PAGE_SIZE,
  exportUnconfirmedRollovers,
  fillPath,
  type UnconfirmedProposal,
} from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { useUnconfirmed, type RolloverChoice } from './rollover-queries.ts';
import { ROLLOVER_TEXT as T } from './rollover-text.ts';

function exportUrl(accountId: number, choice: RolloverChoice): string {
  const query = new URLSearchParams({
    divisionId: String(choice.divisionId),
    targetTermId: String(choice.targetTermId),
    ...(choice.departmentId === null ? {} : { departmentId: String(choice.departmentId) }),
  });
  return `${fillPath(exportUnconfirmedRollovers.path, { userAccountId: accountId })}?${query}`;
}

function ProposalItem({ p }: { p: UnconfirmedProposal }) {
  const instructors = [...new Set(p.sections.flatMap((s) => s.instructors))].join(', ');
  const changes = p.material.changes.map((c) => c.message).join(' ');
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>
        {p.departmentCode} {p.courseCode} {p.courseName}
      </Typography>
      <Typography variant="body2">
        {p.material.title}
        {p.material.isbn ? `, ISBN ${p.material.isbn}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {T.sectionsOf(p.sections.map((s) => s.sectionCode).join(', '))} ·{' '}
        {T.instructors(instructors)}
      </Typography>
      {changes && (
        <Typography variant="body2" color="warning.dark">
          {changes}
        </Typography>
      )}
    </Box>
  );
}

/** The proposals of the chosen term nobody confirmed yet, a page at a time, and their export. */
export function UnconfirmedPanel({ choice }: { choice: RolloverChoice }) {
  const [page, setPage] = useState(1);
  const query = useUnconfirmed(choice, page);
  const session = useSession().session;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const answer = query.data;
  const runExport = async () => {
    if (!session) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadFile({
        url: exportUrl(session.accountId, choice),
        method: exportUnconfirmedRollovers.method,
        token: session.token,
        fallbackName: 'unconfirmed-rollovers.csv',
        accept: 'text/csv, application/json',
      });
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  const pages = answer ? Math.ceil(answer.recordCount / DEFAULT_UNCONFIRMED_PAGE_SIZE) : 0;
  return (
    <PanelSection
      title={T.unconfirmedTitle}
      aside={
        answer && answer.recordCount > 0 ? (
          <Button variant="outlined" onClick={() => void runExport()} disabled={exporting}>
            {exporting ? T.exporting : T.export}
          </Button>
        ) : null
      }
    >
      {exportError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {exportError}
        </Alert>
      )}
      {answer ? (
        answer.recordCount === 0 ? (
          <Typography>{T.unconfirmedEmpty}</Typography>
        ) : (
          <Stack spacing={1} useFlexGap>
            <Typography variant="body2" color="text.secondary" role="status">
              {T.unconfirmedCount(answer.recordCount)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {answer.proposals.map((p) => (
                <ProposalItem key={p.adoptionMaterialId} p={p} />
              ))}
            </Box>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={page}
                onChange={(_, next) => setPage(next)}
                aria-label="Pages of unconfirmed proposals"
              />
            )}
          </Stack>
        )
      ) : query.isError ? (
        <PanelError
          what={T.loadingUnconfirmed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PanelLoading what={T.loadingUnconfirmed} />
      )}
    </PanelSection>
  );
}
