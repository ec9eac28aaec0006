import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { AdoptionDialogFrame } from './adoption-dialog-frame.tsx';
import { AdoptionSummary } from './adoption-summary.tsx';
import { isForbidden, useAdoptionHistoryItems } from './course-detail-queries.ts';
import { isMessage } from './history-change.ts';
import { HistoryTimeline } from './history-timeline.tsx';
import { MessageForm } from './message-form.tsx';
import { MessageThread } from './message-thread.tsx';
import { sectionLabel } from './adoption-format.ts';
import { twoColumns } from '../../../components/two-columns.ts';

interface ViewAdoptionDialogProps {
  adoption: AdoptionMaterialDTO;
  sections: ReadonlyMap<number, AdoptionSection>;
  /**
   * Adopters may post; the thread is readable by anyone who can open the course, except on an
   * adoption only of sections they do not adopt for (the server refuses both, and says why).
   */
  mayPost: boolean;
  onClose: () => void;
}

/** ?viewAdoptionId=N: everything about one adoption, its messages and its history. */
export function ViewAdoptionDialog({
  adoption,
  sections,
  mayPost,
  onClose,
}: ViewAdoptionDialogProps) {
  const messagesId = useId();
  const historyId = useId();
  const history = useAdoptionHistoryItems(adoption.adoptionMaterialId, true);
  const items = history.data ?? [];
  const refused = isForbidden(history.error);
  const nameSection = (sectionId: number) => {
    const covered = adoption.sections.find((s) => s.sectionId === sectionId);
    const known = sections.get(sectionId);
    if (covered) return sectionLabel(covered, sections);
    return known ? `${known.sectionCode} (${known.termName})` : `#${sectionId}`;
  };
  return (
    <AdoptionDialogFrame title="Adoption details" onClose={onClose} wide>
      <Box sx={{ ...twoColumns('md', 3), alignItems: 'start' }}>
        <AdoptionSummary adoption={adoption} sections={sections} full headingLevel="h3" />
        <Stack spacing={3} divider={<Divider />}>
          <Box component="section" aria-labelledby={messagesId}>
            <Typography id={messagesId} component="h3" variant="h6" gutterBottom>
              Messages
            </Typography>
            <HistoryState query={history}>
              <MessageThread messages={items.filter(isMessage)} />
            </HistoryState>
            {mayPost && !refused && (
              <Box sx={{ mt: 2 }}>
                <MessageForm
                  adoptionMaterialId={adoption.adoptionMaterialId}
                  submitterName={adoption.submitter?.name ?? null}
                />
              </Box>
            )}
          </Box>
          <Box component="section" aria-labelledby={historyId}>
            <Typography id={historyId} component="h3" variant="h6" gutterBottom>
              History
            </Typography>
            <HistoryState query={history}>
              <HistoryTimeline
                items={items.filter((item) => !isMessage(item))}
                nameSection={nameSection}
                adoptedAt={adoption.createdAt}
              />
            </HistoryState>
          </Box>
        </Stack>
      </Box>
    </AdoptionDialogFrame>
  );
}

function HistoryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading the adoption's history" />
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      </Stack>
    );
  }
  if (query.error) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  return <>{children}</>;
}
