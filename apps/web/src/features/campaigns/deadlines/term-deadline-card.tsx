import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm, useFormState } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import CampaignIcon from '@mui/icons-material/Campaign';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TermDeadline } from '@csp/contracts';
import { Panel } from '../../../components/panel.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useSetAdoptionDeadline } from '../api/deadline-queries.ts';
import { DeadlineCounts } from './deadline-counts.tsx';
import { deadlineFieldMessage, deadlineSchema, type DeadlineValues } from './deadline-form.ts';
import { DEADLINE_TEXT as T } from './deadline-text.ts';
import { SaveFeedbackAlert, type SaveFeedback } from '../save-feedback.tsx';

interface TermDeadlineCardProps {
  term: TermDeadline;
  /** The store's today (YYYY-MM-DD): a deadline before it has passed. */
  today: string;
  /** h2 when the page lists one division, h3 under each division's h2 otherwise. */
  headingLevel: 'h2' | 'h3';
  /**
   * The term as the controls name it: its name, and its division's too when the page lists
   * several (two divisions each have a "Fall 2026").
   */
  label: string;
}

/** When adoptions are due, in words; ISO days compare as strings. */
function deadlineLine(term: TermDeadline, today: string): string {
  if (!term.deadline) return T.noDeadline;
  const passed = term.deadline < today ? ' (passed)' : '';
  return `Adoptions due by ${formatDisplayDate(term.deadline)}${passed}`;
}

/** The term's campaign page; a campaign counts its days from the deadline, so none without one. */
function CampaignLink({ term, label }: { term: TermDeadline; label: string }) {
  if (!term.deadline) return null;
  return (
    <Button
      component={RouterLink}
      to={`/campaigns/deadlines/${term.termId}/campaign`}
      size="small"
      startIcon={<CampaignIcon />}
      aria-label={`Campaign for ${label}`}
    >
      Campaign
    </Button>
  );
}

/**
 * One term: its dates, where its sections stand, and its deadline as a small form of its own.
 * Save sends the typed day, Clear sends null; the answer replaces the row (and this form's
 * value), and a refusal naming the day is shown under the field in the server's words.
 */
export function TermDeadlineCard({ term, today, headingLevel, label }: TermDeadlineCardProps) {
  const headingId = useId();
  const { save, saving } = useSetAdoptionDeadline(term.termId);
  const form = useForm<DeadlineValues>({
    resolver: zodResolver(deadlineSchema),
    values: { deadline: term.deadline ?? '' },
    // A refetch for another reason never overwrites a day being typed.
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = useFormState({ control: form.control });
  const [feedback, setFeedback] = useState<SaveFeedback | null>(null);

  const send = async (deadline: string | null) => {
    setFeedback(null);
    form.clearErrors();
    try {
      const saved = await save(deadline);
      form.reset({ deadline: saved.deadline ?? '' });
      const message = saved.deadline
        ? `Deadline saved: ${formatDisplayDate(saved.deadline)}.`
        : T.cleared;
      setFeedback({ kind: 'saved', message });
    } catch (error) {
      const fieldMessage = deadlineFieldMessage(error);
      if (fieldMessage) {
        form.setError('deadline', { message: fieldMessage }, { shouldFocus: true });
        return;
      }
      setFeedback({ kind: 'error', message: errorMessage(error) });
    }
  };
  const submit = form.handleSubmit(({ deadline }) => send(deadline));
  const lastDay = formatDisplayDate(term.endDate);

  return (
    <Panel labelledBy={headingId} component="article">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography
          id={headingId}
          component={headingLevel}
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {term.termName}
        </Typography>
        <CampaignLink term={term} label={label} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDisplayDate(term.startDate)} – {lastDay} · {deadlineLine(term, today)}
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        <DeadlineCounts term={term} label={label} />
      </Box>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            type="date"
            label={T.fieldLabel}
            error={Boolean(errors.deadline)}
            helperText={errors.deadline?.message ?? `On or before the last day, ${lastDay}.`}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                'aria-label': `${T.fieldLabel} for ${label}`,
                max: term.endDate,
              },
            }}
            sx={{ width: { xs: '100%', sm: 300 } }}
            {...form.register('deadline')}
          />
          {/* As tall as the field beside them; below it on a phone. */}
          <Stack direction="row" spacing={1.5} sx={{ height: { sm: 56 } }}>
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              aria-label={`${T.save} deadline for ${label}`}
            >
              {T.save}
            </Button>
            <Button
              type="button"
              variant="outlined"
              disabled={saving || term.deadline === null}
              onClick={() => void send(null)}
              aria-label={`${T.clear} deadline for ${label}`}
            >
              {T.clear}
            </Button>
          </Stack>
        </Stack>
        <SaveFeedbackAlert feedback={feedback} isDirty={isDirty} />
      </Box>
    </Panel>
  );
}
