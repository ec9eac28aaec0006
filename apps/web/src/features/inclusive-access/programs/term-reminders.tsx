import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  addDays,
  IA_DEADLINE_REMINDER_DAYS,
  type IaReminderKind,
  type IaReminderKindStatus,
} from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { count, formatDateTime } from '../../../lib/format.ts';
import { useIaReminderStatus } from '../api/reminder-queries.ts';

const KIND_LABELS: Record<IaReminderKind, string> = {
  TERM_START: 'Start of term',
  DEADLINE_NEAR: `${IA_DEADLINE_REMINDER_DAYS} days before the deadline`,
};

/** When a kind goes out, said while none is planned yet (the hourly run plans them then). */
function whenSent(kind: IaReminderKind, startDate: string, deadline: string): string {
  const from = kind === 'TERM_START' ? startDate : addDays(deadline, -IA_DEADLINE_REMINDER_DAYS);
  return `None planned yet: sent from ${formatDisplayDate(from)} until the deadline, ${formatDisplayDate(deadline)}.`;
}

/** "12 planned · 10 sent · 1 failing (retried) · 1 waiting", then when the last one went. */
function KindLine({ status, notYet }: { status: IaReminderKindStatus; notYet: string }) {
  const parts = [
    `${count(status.planned)} planned`,
    `${count(status.sent)} sent`,
    ...(status.failing > 0
      ? [`${count(status.failing)} failing (retried until the deadline)`]
      : []),
    ...(status.waiting > 0 ? [`${count(status.waiting)} waiting`] : []),
  ];
  return (
    <div>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {KIND_LABELS[status.kind]}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {status.planned === 0 ? notYet : parts.join(' · ')}
        {status.lastSentAt && (
          <Typography component="span" variant="body2" color="text.secondary">
            {` · last sent ${formatDateTime(status.lastSentAt)}`}
          </Typography>
        )}
      </Typography>
    </div>
  );
}

/**
 * The term's e-mails to students (issue 32, point 3): at the start of term and a few days before
 * the opt-out deadline, how many are planned, sent, failing and waiting. Only for a term whose
 * division the caller manages, as the endpoint answers.
 */
export function TermReminders({ termId, startDate }: { termId: number; startDate: string }) {
  const query = useIaReminderStatus(termId, true);
  const deadline = query.data?.deadline ?? null;
  return (
    <PanelSection title="Reminders to students">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        One e-mail to each student in a program of the term, with their sections, prices and the
        link to their page.
      </Typography>
      {query.data ? (
        deadline === null ? (
          <Typography>No reminder is sent until the term has an opt-out deadline.</Typography>
        ) : (
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            {query.data.kinds.map((status) => (
              <KindLine
                key={status.kind}
                status={status}
                notYet={whenSent(status.kind, startDate, deadline)}
              />
            ))}
          </Stack>
        )
      ) : query.isError ? (
        <PanelError what="the reminders" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PanelLoading what="the reminders" />
      )}
    </PanelSection>
  );
}
