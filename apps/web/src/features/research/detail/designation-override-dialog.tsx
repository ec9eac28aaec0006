import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COST_DESIGNATIONS,
  COST_DESIGNATION_LABELS,
  COST_DESIGNATION_SHORT_LABELS,
  MAX_DESIGNATION_REASON_LENGTH,
  designationOverrideBody,
  setSectionDesignation,
  type CostDesignation,
  type SectionCost,
} from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { useInvalidateCosts } from '../../../lib/cost-queries.ts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';

/** The choices: a designation, or (while there is an override) back to what the rules say. */
type Choice = CostDesignation | 'CLEAR';

const choiceLabel = (d: CostDesignation) =>
  d === 'NONE'
    ? COST_DESIGNATION_LABELS.NONE
    : `${COST_DESIGNATION_LABELS[d]} (${COST_DESIGNATION_SHORT_LABELS[d]})`;

/**
 * Override designation (issue 31): the course materials team sets what the section shows
 * whatever its materials cost, or clears its override, always saying why. The reason is checked
 * by the contract's own rule (1 to MAX_DESIGNATION_REASON_LENGTH characters) before sending;
 * the server's refusal shows under the field it names. After a save every screen showing the
 * section's cost asks again (the panel, the section list, the catalog, course detail, the
 * reports, the dashboard). Mounted only while open, so each opening starts afresh.
 */
export function DesignationOverrideDialog({
  cost,
  onClose,
}: {
  cost: SectionCost;
  onClose: () => void;
}) {
  const titleId = useId();
  const params = useCallerParams();
  const notify = useNotify();
  const invalidateCosts = useInvalidateCosts();
  const save = useContractMutation(setSectionDesignation, { onSuccess: () => invalidateCosts() });
  const [choice, setChoice] = useState<Choice>(cost.override ?? cost.keptDesignation);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const body = {
      sectionId: cost.sectionId,
      designation: choice === 'CLEAR' ? null : choice,
      reason,
    };
    const parsed = designationOverrideBody.safeParse(body);
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'reason');
    if (issue) {
      setReasonError(`Reason ${issue.message}.`);
      return;
    }
    sending.current = true;
    try {
      await save.mutateAsync({ params, body });
      notify({
        type: 'success',
        message:
          choice === 'CLEAR'
            ? 'The override is cleared.'
            : `The section now shows ${choiceLabel(choice)}.`,
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.field === 'reason')
        setReasonError(error.message);
      else setFailure(errorMessage(error));
    } finally {
      sending.current = false;
    }
  };

  const busy = save.isPending;
  const length = reason.trim().length;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Override designation</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              By its required materials this section has{' '}
              {COST_DESIGNATION_LABELS[cost.keptDesignation].toLowerCase()}. The class schedule and
              the textbook list show the store&apos;s override instead.
            </DialogContentText>
            <FormControl>
              <FormLabel id={`${titleId}-choice`}>The section shows</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-choice`}
                value={choice}
                onChange={(_, value) => setChoice(value as Choice)}
              >
                {COST_DESIGNATIONS.map((d) => (
                  <FormControlLabel key={d} value={d} control={<Radio />} label={choiceLabel(d)} />
                ))}
                {cost.override && (
                  <FormControlLabel
                    value="CLEAR"
                    control={<Radio />}
                    label="No override: what its materials make it"
                  />
                )}
              </RadioGroup>
            </FormControl>
            <TextField
              label="Reason"
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
              error={reasonError !== null}
              helperText={
                reasonError ??
                `Kept in the section's history. ${length} of ${MAX_DESIGNATION_REASON_LENGTH} characters.`
              }
              slotProps={{ formHelperText: { role: reasonError ? 'alert' : undefined } }}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <FormDialogActions submitLabel="Save override" busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}
