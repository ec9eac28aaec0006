import { DateRange, type DayRange } from '../../../components/list/date-range.tsx';
import { effectiveDates } from './section-url-state.ts';

interface SectionDateFieldsProps extends DayRange {
  termId: number | null;
  onChange: (patch: Partial<DayRange>) => void;
}

/**
 * The section start-date window. Without a term the fields show the dates in use, docs/behaviour/constants.md's
 * window around today unless changed; once a term is chosen its own dates bound the list, so
 * the fields are empty unless the user sets a date. A date equal to the standard one is kept
 * out of the URL (so the link follows today); a window the wrong way round is explained and
 * not applied.
 */
export function SectionDateFields({ from, to, termId, onChange }: SectionDateFieldsProps) {
  // Both dates go together: one held back while the window was reversed applies now too.
  const apply = (next: DayRange) => {
    const standard = effectiveDates({ from: '', to: '', termId });
    const kept = (name: keyof DayRange) =>
      next[name] === standard[name] || next[name] === '' ? undefined : next[name];
    onChange({ from: kept('from'), to: kept('to') });
  };
  return (
    <DateRange
      shown={effectiveDates({ from, to, termId })}
      resetKey={`${from}|${to}|${termId ?? ''}`}
      labels={{ from: 'Starts from', to: 'Starts until' }}
      reversedText="Must be on or after “Starts from”."
      emptyAllowed={termId !== null}
      onApply={apply}
    />
  );
}
