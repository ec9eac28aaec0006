import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useFormState } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampaignStepInput, TermCampaign } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Panel } from '../../../components/panel.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useScheduleCampaign } from '../api/campaign-queries.ts';
import { LockedStepRow, StepRow } from './campaign-step-rows.tsx';
import { CAMPAIGN_TEXT as T } from './campaign-text.ts';
import {
  isLocked,
  nextStep,
  placeServerError,
  stepInput,
  stepsSchema,
  type StepsValues,
} from './steps-form.ts';

const MAX_STEPS = 12;

type Feedback = { kind: 'saved' | 'error'; message: string };

/** What the last save did: a status when saved, an alert when refused. */
function FeedbackAlert({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  return feedback.kind === 'saved' ? (
    <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
      {feedback.message}
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mt: 1.5 }}>
      {feedback.message}
    </Alert>
  );
}

/**
 * A list of steps, named for screen readers; its heading is shown only when the panel has both
 * lists (steps sent, then steps to send): a campaign that has sent nothing has just the one.
 */
function StepGroup(props: { title: string; heading?: boolean; children: ReactNode }) {
  return (
    <>
      {props.heading !== false && (
        <Typography component="h3" variant="subtitle2" sx={{ mt: 1.5 }}>
          {props.title}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={`Steps ${props.title.toLowerCase()}`}
        sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}
      >
        {props.children}
      </Box>
    </>
  );
}

/** The steps the form edits: every step the server has not started mailing. */
const editableSteps = (campaign: TermCampaign) =>
  campaign.steps.filter((step) => !isLocked(step)).map(stepInput);

/**
 * The campaign's steps as one form: those sent or sending are listed as they stand, the rest
 * are edited. Saving sends both (the server keeps a step it has started whatever it is sent,
 * and a step due today that is not yet claimed would otherwise be dropped); Stop sends none.
 */
export function CampaignStepsPanel({
  campaign,
}: {
  campaign: TermCampaign & { deadline: string };
}) {
  const headingId = useId();
  const { schedule, saving } = useScheduleCampaign(campaign.termId);
  const locked = campaign.steps.filter(isLocked);
  const form = useForm<StepsValues>({
    resolver: zodResolver(stepsSchema),
    defaultValues: { steps: editableSteps(campaign) },
  });
  const { errors } = useFormState({ control: form.control });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);

  const send = async (edited: CampaignStepInput[], done: string) => {
    setFeedback(null);
    form.clearErrors();
    try {
      const saved = await schedule([...locked.map(stepInput), ...edited]);
      form.reset({ steps: editableSteps(saved) });
      setFeedback({ kind: 'saved', message: done });
      return true;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        setFeedback({ kind: 'error', message: errorMessage(error) });
        return false;
      }
      const place = placeServerError(error, locked.length);
      if (place.at === 'page') setFeedback({ kind: 'error', message: place.message });
      else if (place.at === 'steps') form.setError('steps', { message: place.message });
      else form.setError(place.at, { message: place.message }, { shouldFocus: true });
      return false;
    }
  };
  const submit = form.handleSubmit(({ steps: edited }) => send(edited, T.saved));
  const stop = async () => {
    if (await send([], T.stopped)) setConfirmStop(false);
  };
  const listError = errors.steps?.root?.message ?? errors.steps?.message;
  const canStop = campaign.scheduled && editableSteps(campaign).length > 0;

  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {T.stepsTitle}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        {locked.length > 0 && (
          <StepGroup title={T.sentTitle}>
            {locked.map((step) => (
              <LockedStepRow key={`${step.kind}:${step.daysFromDeadline}`} step={step} />
            ))}
          </StepGroup>
        )}
        <StepGroup title={T.toSendTitle} heading={locked.length > 0}>
          {steps.fields.map((field, index) => (
            <StepRow
              key={field.id}
              index={index}
              deadline={campaign.deadline}
              control={form.control}
              register={form.register}
              errors={errors}
              onRemove={() => steps.remove(index)}
            />
          ))}
        </StepGroup>
        {locked.length + steps.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 1.5 }}>
            {T.noSteps}
          </Typography>
        )}
        {listError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {listError}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {campaign.scheduled ? T.save : T.schedule}
          </Button>
          <Button
            type="button"
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={locked.length + steps.fields.length >= MAX_STEPS}
            onClick={() => steps.append(nextStep(form.getValues('steps')))}
          >
            {T.addStep}
          </Button>
          {canStop && (
            <Button type="button" color="error" onClick={() => setConfirmStop(true)}>
              {T.stop}
            </Button>
          )}
        </Stack>
        <FeedbackAlert feedback={feedback} />
      </Box>
      <ConfirmDialog
        open={confirmStop}
        title={T.stopTitle}
        message={T.stopMessage}
        confirmLabel={T.stop}
        cancelLabel="Keep it"
        danger
        busy={saving}
        alert={feedback?.kind === 'error' && <FeedbackAlert feedback={feedback} />}
        onConfirm={() => void stop()}
        onCancel={() => setConfirmStop(false)}
      />
    </Panel>
  );
}
