import { useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { calendarDay } from '@csp/contracts';

/** A from/to pair of calendar days (YYYY-MM-DD), '' for one not set. */
export interface DayRange {
  from: string;
  to: string;
}

export const isDay = (value: string) => calendarDay.safeParse(value).success;

/** A date field: the browser's date picker, its label always above the value. */
export function DateField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="date"
      {...props}
      slotProps={{ ...props.slotProps, inputLabel: { shrink: true } }}
    />
  );
}

interface DateRangeProps {
  /** The dates the list uses now, shown in the fields. */
  shown: DayRange;
  /** Changes when the range is set from elsewhere (Back, reset, a link, another filter). */
  resetKey: string;
  labels: { from: string; to: string };
  /** The error under "to" when it is before "from". */
  reversedText: string;
  /** An empty date is allowed (another filter bounds the list); otherwise one is asked for. */
  emptyAllowed?: boolean;
  disabled?: boolean;
  /** Called with both dates once they are usable and the right way round. */
  onApply: (range: DayRange) => void;
}

/**
 * The one date-range filter of the list screens. A change is applied once both dates are usable
 * (whole, real dates; or empty when allowed) the right way round; until then the fields keep
 * what is typed and say what is wrong.
 */
export function DateRange(props: DateRangeProps): ReactNode {
  const { shown, disabled = false, emptyAllowed = false } = props;
  const [draft, setDraft] = useState<DayRange>(shown);
  const [appliedKey, setAppliedKey] = useState(props.resetKey);
  // A new URL (back button, reset, a link) replaces what was being typed.
  if (appliedKey !== props.resetKey) {
    setAppliedKey(props.resetKey);
    setDraft(shown);
  }
  const reversed = isDay(draft.from) && isDay(draft.to) && draft.to < draft.from;
  // An empty date that would silently mean the standard one is asked for instead.
  const missing = (name: keyof DayRange) =>
    !disabled && !emptyAllowed && !isDay(draft[name]) ? 'Enter a date.' : undefined;

  const change = (name: keyof DayRange, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    const usable = (v: string) => (v === '' ? emptyAllowed : isDay(v));
    if (!usable(next.from) || !usable(next.to)) return;
    if (isDay(next.from) && isDay(next.to) && next.to < next.from) return;
    props.onApply(next);
  };

  const field = (name: keyof DayRange, error: string | undefined) => (
    <DateField
      size="small"
      fullWidth
      label={props.labels[name]}
      value={draft[name]}
      disabled={disabled}
      onChange={(event) => change(name, event.target.value)}
      error={error !== undefined}
      helperText={error}
    />
  );

  return (
    <>
      {field('from', missing('from'))}
      {field('to', !disabled && reversed ? props.reversedText : missing('to'))}
    </>
  );
}
