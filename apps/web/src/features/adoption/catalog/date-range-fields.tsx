import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { calendarDay } from '@csp/contracts';
import { dateWindow } from './catalog-url-state.ts';
import type { CatalogView } from './catalog-url-state.ts';

type Range = Pick<CatalogView, 'from' | 'to'>;

interface DateRangeFieldsProps extends Range {
  onChange: (patch: Range) => void;
  disabled: boolean;
}

const isDay = (value: string) => calendarDay.safeParse(value).success;

/**
 * The section date window, always showing the dates the list uses. A change is applied once
 * both dates are whole, real dates the right way round; until then the fields keep what is
 * typed and say what is wrong. An edited window is written whole, so the link keeps exactly
 * these dates; the standard window (spec §9) stays unset and follows today.
 */
export function DateRangeFields({ from, to, onChange, disabled }: DateRangeFieldsProps) {
  const shown = dateWindow({ from, to });
  const [draft, setDraft] = useState<Range>(shown);
  const [appliedKey, setAppliedKey] = useState(`${from}|${to}`);
  // A new URL (back button, reset, a link) replaces what was being typed.
  if (appliedKey !== `${from}|${to}`) {
    setAppliedKey(`${from}|${to}`);
    setDraft(shown);
  }
  const reversed = isDay(draft.from) && isDay(draft.to) && draft.to < draft.from;

  const change = (key: keyof Range, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (!isDay(next.from) || !isDay(next.to) || next.to < next.from) return;
    const standard = dateWindow({ from: '', to: '' });
    const isStandard = next.from === standard.from && next.to === standard.to;
    onChange(isStandard ? { from: '', to: '' } : next);
  };

  return (
    <>
      <TextField
        type="date"
        size="small"
        fullWidth
        label="Sections from"
        value={draft.from}
        disabled={disabled}
        onChange={(event) => change('from', event.target.value)}
        error={!disabled && !isDay(draft.from)}
        helperText={!disabled && !isDay(draft.from) ? 'Enter a date.' : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        fullWidth
        label="Sections until"
        value={draft.to}
        disabled={disabled}
        onChange={(event) => change('to', event.target.value)}
        error={!disabled && (reversed || !isDay(draft.to))}
        helperText={
          disabled
            ? undefined
            : reversed
              ? 'Must be on or after the “from” date.'
              : !isDay(draft.to)
                ? 'Enter a date.'
                : undefined
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
