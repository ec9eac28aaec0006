import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { CATALOG_ACTION_TYPES, DEADLINE_STATUSES } from '@csp/contracts';
import type { CatalogActionType, CostDesignation, DeadlineStatus } from '@csp/contracts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { CourseLevelFilters } from './course-level-filters.tsx';
import { COURSE_COST_OPTIONS } from './course-cost.tsx';
import { useCourseActionTypes } from './course-queries.ts';
import { activeFilterCount } from './course-list-url-state.ts';
import type { CourseListView } from './course-list-url-state.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { FilterGrid } from '../../../components/list/filter-grid.tsx';
import { ResultsBar } from '../../../components/list/results-bar.tsx';

interface CourseFiltersProps {
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  searching: boolean;
}

/** Resets every filter; the search and the sort are the search field's and the grid's. */
const CLEARED_FILTERS: Partial<CourseListView> = {
  division: undefined,
  department: undefined,
  course: undefined,
  action: undefined,
  deadline: undefined,
  cost: undefined,
  from: undefined,
  to: undefined,
  open: undefined,
};

/** A course is listed when one of its counted sections stands so against its term's deadline. */
const DEADLINE_LABELS: Record<DeadlineStatus, string> = {
  LATE: 'A section late',
  MISSING: 'A section missing',
  ON_TIME: 'A section on time',
  OPEN: 'A section not adopted yet',
};
const DEADLINE_OPTIONS = [
  { value: '', label: 'Any' },
  ...DEADLINE_STATUSES.map((s) => ({ value: s, label: DEADLINE_LABELS[s] })),
];

/**
 * The course list filters. While a search is active they are disabled, with a note saying so: the
 * search overrides them (docs/behaviour/validation.md) and a filter that looks applied but is not would mislead.
 */
export function CourseFilters({ view, onChange, searching }: CourseFiltersProps) {
  const actions = useCourseActionTypes();
  const [resets, setResets] = useState(0);
  // The labels are known before the list arrives, so the field never shows a bare code.
  const actionOptions = (
    actions.data ??
    (Object.entries(CATALOG_ACTION_TYPES) as [CatalogActionType, string][]).map(
      ([actionType, label]) => ({ actionType, label }),
    )
  ).map((a) => ({ value: a.actionType, label: a.label }));

  return (
    <Stack spacing={2}>
      {searching && (
        <Alert severity="info" variant="outlined" role="status">
          {COURSE_LIST_MESSAGES.searchOverrides}
        </Alert>
      )}
      <FilterGrid wideColumns={3}>
        <CourseLevelFilters view={view} onChange={onChange} disabled={searching} />
        <FilterSelect
          label="Action type"
          value={view.action}
          disabled={searching}
          source={{ isLoading: false, error: actions.error }}
          options={actionOptions}
          onChange={(value) => onChange({ action: value as CatalogActionType })}
        />
        <FilterSelect
          label="Deadline"
          value={view.deadline}
          disabled={searching}
          options={DEADLINE_OPTIONS}
          onChange={(value) =>
            onChange({ deadline: (value || undefined) as DeadlineStatus | undefined })
          }
        />
        <FilterSelect
          label="Textbook cost"
          value={view.cost}
          disabled={searching}
          options={COURSE_COST_OPTIONS}
          onChange={(value) =>
            onChange({ cost: (value || undefined) as CostDesignation | undefined })
          }
        />
        <DateRangeFields
          // A reset starts the fields afresh, even a date half typed over the standard window.
          key={resets}
          from={view.from}
          to={view.to}
          onChange={onChange}
          disabled={searching}
        />
      </FilterGrid>
      <ResultsBar>
        <FormControlLabel
          disabled={searching}
          control={<Switch checked={view.open} onChange={(_, open) => onChange({ open })} />}
          label="Open sections only"
        />
        <Button
          onClick={() => {
            setResets((n) => n + 1);
            onChange(CLEARED_FILTERS);
          }}
          disabled={activeFilterCount(view) === 0}
        >
          Reset filters
        </Button>
      </ResultsBar>
    </Stack>
  );
}
