import { DateRange, type DayRange } from '../../../components/list/date-range.tsx';
import { dateWindow } from './course-list-url-state.ts';

interface DateRangeFieldsProps extends DayRange {
  onChange: (patch: DayRange) => void;
  disabled: boolean;
}

/**
 * The section date window, always showing the dates the list uses. A change is applied once
 * both dates are whole, real dates the right way round; until then the fields keep what is
 * typed and say what is wrong. An edited window is written whole, so the link keeps exactly
 * these dates; the standard window (docs/behaviour/constants.md) stays unset and follows today.
 */
export function DateRangeFields({ from, to, onChange, disabled }: DateRangeFieldsProps) {
  const apply = (next: DayRange) => {
    const standard = dateWindow({ from: '', to: '' });
    const isStandard = next.from === standard.from && next.to === standard.to;
    onChange(isStandard ? { from: '', to: '' } : next);
  };
  return (
    <DateRange
      shown={dateWindow({ from, to })}
      resetKey={`${from}|${to}`}
      labels={{ from: 'Sections from', to: 'Sections until' }}
      reversedText="Must be on or after the “from” date."
      disabled={disabled}
      onApply={apply}
    />
  );
}
