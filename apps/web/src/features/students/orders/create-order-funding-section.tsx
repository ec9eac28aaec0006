import { useId, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderFundingSplit } from '@csp/contracts';
import type { FundingForm } from './create-order-funding.ts';
import { formatMoney } from './money-format.ts';

export const ORDER_FUNDING_MESSAGES = {
  heading: 'Funding',
  payFromFunding: 'Pay from funding',
  available: (cents: number) => `${formatMoney(cents)} available today`,
  atMost: 'Pay at most',
  atMostHelp: 'Optional. Empty: as much as the funding covers.',
  promotionCode: 'Promotion code',
  promotionHelp: 'Optional. Applied when you leave the field or press Enter.',
  paidFromFunding: 'Paid from funding',
  studentsShare:
    "Funding pays for the course materials only: tax, shipping and whatever funding does not cover are the student's to pay.",
  nothingFunded: "The student's funding pays for none of these items.",
  off: 'The student pays the whole order.',
  noAllowances:
    'The student has no funding usable today. A promotion code can still pay part of it.',
} as const;

const M = ORDER_FUNDING_MESSAGES;

/** Enter applies the field at once, as leaving it does. */
function onEnter(apply: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };
}

/**
 * The review step's funding choice (issue 14): pay from the student's allowances or not, at most
 * how much, and a promotion code; then the preview's split, allowance by allowance. Refusals of
 * the server that name a field are shown on it (`serverErrors`).
 */
export function CreateOrderFundingSection({
  form,
  hasAllowances,
  availableCents,
  split,
  serverErrors,
  onEdit,
}: {
  form: FundingForm;
  /** The student has allowances usable today; without, only a promotion code is offered. */
  hasAllowances: boolean;
  /** What is usable today; null when the user may not see the student's funding. */
  availableCents: number | null;
  /** The preview's split for the current choice; undefined while it is being priced. */
  split: OrderFundingSplit | undefined;
  serverErrors: { maxCents: string | null; promotionCode: string | null };
  /** A field is being changed: an earlier refusal of the order no longer applies. */
  onEdit: () => void;
}) {
  const headingId = useId();
  const maxError = form.maxError ?? serverErrors.maxCents;
  const codeError = form.codeError ?? serverErrors.promotionCode;
  const codeField = (
    <TextField
      label={M.promotionCode}
      value={form.codeText}
      onChange={(event) => {
        onEdit();
        form.setCodeText(event.target.value);
      }}
      onBlur={form.applyCode}
      onKeyDown={onEnter(form.applyCode)}
      error={codeError !== null}
      helperText={codeError ?? M.promotionHelp}
      size="small"
      slotProps={{
        htmlInput: { autoComplete: 'off', autoCapitalize: 'characters' },
        formHelperText: { role: codeError ? 'alert' : undefined },
      }}
      sx={{ flex: 1 }}
    />
  );
  const allowanceChoice = (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={form.useAllowances}
            onChange={(event) => {
              onEdit();
              form.setUseAllowances(event.target.checked);
            }}
          />
        }
        label={
          availableCents === null ? (
            M.payFromFunding
          ) : (
            <>
              {M.payFromFunding}{' '}
              <Typography component="span" color="text.secondary">
                ({M.available(availableCents)})
              </Typography>
            </>
          )
        }
      />
      {form.useAllowances ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <MaxAmountField form={form} error={maxError} onEdit={onEdit} />
          {codeField}
        </Stack>
      ) : (
        <Typography color="text.secondary">{M.off}</Typography>
      )}
    </>
  );
  // Without allowances usable today only a promotion code is offered, and its lines shown.
  const showLines = hasAllowances ? form.useAllowances : (split?.lines.length ?? 0) > 0;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {M.heading}
      </Typography>
      {hasAllowances ? (
        allowanceChoice
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {M.noAllowances}
          </Typography>
          {codeField}
        </>
      )}
      {showLines && split && <FundingLines split={split} />}
      {hasAllowances && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {M.studentsShare}
        </Typography>
      )}
    </Box>
  );
}

/** How much at most the allowances pay (empty: as much as they cover). */
function MaxAmountField({
  form,
  error,
  onEdit,
}: {
  form: FundingForm;
  error: string | null;
  onEdit: () => void;
}) {
  return (
    <TextField
      label={M.atMost}
      value={form.maxText}
      onChange={(event) => {
        onEdit();
        form.setMaxText(event.target.value);
      }}
      onBlur={form.applyMax}
      onKeyDown={onEnter(form.applyMax)}
      error={error !== null}
      helperText={error ?? M.atMostHelp}
      size="small"
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        formHelperText: { role: error ? 'alert' : undefined },
      }}
      sx={{ flex: 1 }}
    />
  );
}

function FundingLines({ split }: { split: OrderFundingSplit }) {
  if (split.lines.length === 0) {
    return <Typography sx={{ mt: 1 }}>{M.nothingFunded}</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label={M.paidFromFunding}
      sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}
    >
      {split.lines.map((line) => (
        <Box
          component="li"
          key={`${line.allowanceId}:${line.sourceName}`}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}
        >
          <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {M.paidFromFunding}: {line.sourceName}
            {/* Told only to users who may see the student's funding. */}
            {line.voucherCode !== null && (
              <Typography component="span" color="text.secondary">
                {' '}
                (voucher {line.voucherCode})
              </Typography>
            )}
          </Typography>
          <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(line.amountCents)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
