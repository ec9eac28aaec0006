import type { CostDesignation, TextbookCourse } from '@csp/contracts';
import { NativeSelect, type SelectOption } from '../../../components/native-select.tsx';
import { TEXTBOOK_TEXT as T } from './textbook-messages.ts';

/** Which sections the list shows by their cost designation (the whole department is loaded). */
export const COST_FILTERS = ['ALL', 'LOW', 'ZTC', 'LTC'] as const;
export type CostFilter = (typeof COST_FILTERS)[number];

const FILTER_OPTIONS: readonly (SelectOption & { value: CostFilter })[] = [
  { value: 'ALL', label: T.costFilterAll },
  { value: 'LOW', label: T.costFilterLow },
  { value: 'ZTC', label: T.costFilterZtc },
  { value: 'LTC', label: T.costFilterLtc },
];

const isCostFilter = (v: string): v is CostFilter => FILTER_OPTIONS.some((o) => o.value === v);

export function matchesCostFilter(filter: CostFilter, designation: CostDesignation): boolean {
  if (filter === 'ALL') return true;
  if (filter === 'LOW') return designation !== 'NONE';
  return designation === filter;
}

/** The department's courses with only the sections the filter keeps (courses left empty go). */
export function filterCourses(courses: readonly TextbookCourse[], filter: CostFilter) {
  return courses
    .map((c) => ({
      ...c,
      sections: c.sections.filter((s) => matchesCostFilter(filter, s.designation)),
    }))
    .filter((c) => c.sections.length > 0);
}

/** A native select: labelled, and the keyboard's and the phone's own picker. */
export function CostFilterSelect(props: { value: CostFilter; onChange: (v: CostFilter) => void }) {
  return (
    <NativeSelect
      label={T.costFilterLabel}
      value={props.value}
      options={FILTER_OPTIONS}
      onChange={(v) => isCostFilter(v) && props.onChange(v)}
    />
  );
}
