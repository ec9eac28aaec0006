import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CAMPAIGN_STEP_GRACE_DAYS,
  CAMPAIGN_STEP_KINDS,
  CAMPAIGN_STEP_LABELS,
  type CampaignStep,
} from '@csp/contracts';
import { addDays, formatDisplayDate, toApiDate } from '../../../lib/dates.ts';
import { CAMPAIGN_TEXT as T, stepFigures, whenText } from './campaign-text.ts';
import { stepDay, type StepsValues } from './steps-form.ts';

const ROW_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1.5,
  alignItems: 'flex-start',
  py: 1.5,
  borderTop: 1,
  borderColor: 'divider',
} as const;

/**
 * What saving will do with a step's day. The store's today is the server's; the browser's is
 * the same calendar day for a store's clerks, and this is only a hint beside the date.
 */
function dueNote(day: string): string {
  const today = toApiDate(new Date());
  if (day > today) return '';
  const graceFrom = toApiDate(addDays(new Date(), -CAMPAIGN_STEP_GRACE_DAYS));
  return day >= graceFrom ? ' · Goes out when saved' : ' · Its day has passed: it will be skipped';
}

interface StepRowProps {
  index: number;
  deadline: string;
  control: Control<StepsValues>;
  register: UseFormRegister<StepsValues>;
  errors: FieldErrors<StepsValues>;
  onRemove: () => void;
}

/** One step still to send: its kind, its days from the deadline and the day that makes. */
export function StepRow({ index, deadline, control, register, errors, onRemove }: StepRowProps) {
  const n = index + 1;
  const days = useWatch({ control, name: `steps.${index}.daysFromDeadline` });
  const fieldErrors = errors.steps?.[index];
  const day = typeof days === 'number' ? stepDay(deadline, days) : null;
  const helper = day ? `${formatDisplayDate(day)} · ${whenText(days)}${dueNote(day)}` : ' ';
  return (
    <Box component="li" sx={ROW_SX}>
      <TextField
        select
        size="small"
        label={`Step ${n}`}
        error={Boolean(fieldErrors?.kind)}
        helperText={fieldErrors?.kind?.message}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 380 } }}
        {...register(`steps.${index}.kind`)}
      >
        {CAMPAIGN_STEP_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {CAMPAIGN_STEP_LABELS[kind]}
          </option>
        ))}
      </TextField>
      <TextField
        type="number"
        size="small"
        label={T.daysLabel}
        error={Boolean(fieldErrors?.daysFromDeadline)}
        helperText={fieldErrors?.daysFromDeadline?.message ?? helper}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': `${T.daysLabel}, step ${n}`, step: 1, min: -180, max: 180 },
        }}
        sx={{ width: { xs: 'calc(100% - 52px)', sm: 320 } }}
        {...register(`steps.${index}.daysFromDeadline`, { valueAsNumber: true })}
      />
      <IconButton aria-label={`Remove step ${n}`} onClick={onRemove} sx={{ mt: 0.25 }}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

const LOCKED_STATE: Record<'SENT' | 'SENDING', string> = { SENT: 'Sent', SENDING: 'Sending…' };

/** A step that has mailed or is mailing: what it was and what it sent, not to be changed. */
export function LockedStepRow({ step }: { step: CampaignStep }) {
  const state = step.state === 'SENDING' ? LOCKED_STATE.SENDING : LOCKED_STATE.SENT;
  return (
    <Box component="li" sx={{ ...ROW_SX, display: 'block' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {CAMPAIGN_STEP_LABELS[step.kind]}, {whenText(step.daysFromDeadline)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDisplayDate(step.day)} · {state} · {stepFigures(step)}
      </Typography>
    </Box>
  );
}
