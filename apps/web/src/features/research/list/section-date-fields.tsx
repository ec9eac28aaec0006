import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { calendarDay } from '@csp/contracts';
import { effectiveDates } from './section-url-state.ts';
import type { SectionView } from './section-url-state.ts';

type Range = Pick<SectionView, 'from' | 'to'>;

interface SectionDateFieldsProps extends Range {
  termId: number | null;
  onChange: (patch: Partial<Range>) => void;
}

const isDay = (value: string) => calendarDay.safeParse(value).success;

/**
 * The section start-date window. Without a term the fields show the dates in use, spec §9's
 * window around today unless changed; once a term is chosen its own dates bound the list, so
 * the fields are empty unless the user sets a date. A date equal to the standard one is kept
 * out of the URL (so the link follows today); a window the wrong way round is explained and
 * not applied.
 */
export function SectionDateFields({ from, to, termId, onChange }: SectionDateFieldsProps) {
  const shown = effectiveDates({ from, to, termId });
  const [draft, setDraft] = useState<Range>(shown);
  const key = `${from}|${to}|${termId ?? ''}`;
  const [appliedKey, setAppliedKey] = useState(key);
  if (appliedKey !== key) {
    setAppliedKey(key);
    setDraft(shown);
  }
  const reversed = isDay(draft.from) && isDay(draft.to) && draft.to < draft.from;
  // Without a term an empty date would silently mean the standard one: it is asked for instead.
  const missing = (name: keyof Range) =>
    termId === null && !isDay(draft[name]) ? 'Enter a date.' : undefined;

  const change = (field: keyof Range, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    const usable = (v: string) => (v === '' ? termId !== null : isDay(v));
    if (!usable(next.from) || !usable(next.to)) return;
    if (isDay(next.from) && isDay(next.to) && next.to < next.from) return;
    // Both dates go together: one held back while the window was reversed applies now too.
    const standard = effectiveDates({ from: '', to: '', termId });
    const kept = (name: keyof Range) =>
      next[name] === standard[name] || next[name] === '' ? undefined : next[name];
    onChange({ from: kept('from'), to: kept('to') });
  };

  const field = (name: keyof Range, label: string, error: string | undefined) => (
    <TextField
      type="date"
      size="small"
      fullWidth
      label={label}
      value={draft[name]}
      onChange={(event) => change(name, event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <>
      {field('from', 'Starts from', missing('from'))}
      {field('to', 'Starts until', reversed ? 'Must be on or after “Starts from”.' : missing('to'))}
    </>
  );
}
