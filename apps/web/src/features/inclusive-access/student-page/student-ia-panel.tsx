import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IA_ACTIONS,
  IA_CHANGE_LABELS,
  getStudentInclusiveAccess,
  setStudentInclusiveAccess,
  type IaStaffStudentSection,
} from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { hasAnyAction } from '../../../lib/actions.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { choiceWords } from './student-section-card.tsx';

const SOURCE_WORDS = {
  FEED: 'enrolment feed',
  STUDENT: 'the student',
  STAFF: 'staff',
  PROGRAM: 'program',
};

/**
 * A student's inclusive access on the student detail screen (issue 32, point 6), for holders of
 * MANAGE_INCLUSIVE_ACCESS: each section of their scope with status, total, deadline and history,
 * and Opt out / Opt back in on the student's behalf until the deadline (the server records who).
 * Nothing, and no request, for other users.
 */
export function StudentIaPanel({ customerId }: { customerId: number }) {
  return hasAnyAction(useSession().actions, IA_ACTIONS) ? <Panel customerId={customerId} /> : null;
}

function Panel({ customerId }: { customerId: number }) {
  const query = useCallerQuery(getStudentInclusiveAccess, { query: { customerId } });
  const sections = query.data?.sections;
  return (
    <PanelSection title="Inclusive access">
      {query.isPending ? (
        <PanelLoading what="the student's inclusive access" />
      ) : query.isError ? (
        <PanelError
          what="the student's inclusive access"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !sections?.length ? (
        <Typography color="text.secondary">
          No inclusive-access section of this student that you manage.
        </Typography>
      ) : (
        <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {sections.map((s) => (
            <SectionRow key={s.participantId} section={s} />
          ))}
        </Stack>
      )}
    </PanelSection>
  );
}

function SectionRow({ section }: { section: IaStaffStudentSection }) {
  const [asking, setAsking] = useState(false);
  const invalidate = useInvalidateEndpoints();
  const params = useCallerParams();
  const change = useContractMutation(setStudentInclusiveAccess, {
    onSuccess: () => invalidate([getStudentInclusiveAccess]),
  });
  const words = choiceWords(section);
  const confirm = () =>
    change
      .mutateAsync({
        params: { ...params, participantId: section.participantId },
        body: { choice: words.choice },
      })
      .then(() => setAsking(false))
      .catch(() => undefined);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {section.sectionName} · {section.termName}
        </Typography>
        <Chip
          size="small"
          color={section.participating ? 'success' : 'default'}
          label={section.enrolled ? (section.participating ? 'In' : 'Opted out') : 'Dropped'}
        />
      </Stack>
      <Typography>
        {formatMoney(section.totalCents)} ·{' '}
        {section.deadline ? `deadline ${formatDisplayDate(section.deadline)}` : 'no deadline set'}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`History of ${section.sectionName}`}>
        {section.history.map((h, i) => (
          <li key={i}>
            <Typography variant="body2">
              {formatDisplayDate(h.at)}: {IA_CHANGE_LABELS[h.change]} (
              {h.actorName ?? SOURCE_WORDS[h.source]})
            </Typography>
          </li>
        ))}
      </Box>
      {section.mayChange ? (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          variant="outlined"
          onClick={() => {
            change.reset();
            setAsking(true);
          }}
        >
          {words.button} for the student
        </Button>
      ) : (
        section.whyNot && <Alert severity="info">{section.whyNot}</Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={words.title}
        message={`On the student's behalf: ${words.text} The change is recorded with your name and the student is e-mailed a confirmation.`}
        alert={
          change.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(change.error)}
            </Alert>
          )
        }
        confirmLabel={words.button}
        busy={change.isPending}
        busyLabel="Saving…"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
