import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  COST_DESIGNATIONS,
  COST_DESIGNATION_LABELS,
  COST_DESIGNATION_SHORT_LABELS,
  DEADLINE_STATUSES,
  DEADLINE_STATUS_LABELS,
  SECTION_ADOPTION_STATUSES,
  SECTION_STATUS_TEXT,
} from '@csp/contracts';
import type { CostDesignation, DeadlineStatus, SectionAdoptionStatus } from '@csp/contracts';
import { FilterPanel, filtersSetText } from '../../../components/list/filter-panel.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { FilterGrid } from '../../../components/list/filter-grid.tsx';
import { ProfessorPicker } from './professor-picker.tsx';
import { SectionDateFields } from './section-date-fields.tsx';
import { SectionLevelFilters } from './section-level-filters.tsx';
import { SectionSearchField } from './section-search-field.tsx';
import {
  CLEARED_FILTERS,
  NONE,
  activeFilterCount,
  chosenLevels,
  type SectionView,
} from './section-url-state.ts';

interface SectionFiltersProps {
  view: SectionView;
  /** A filter change (the list goes back to its first page). */
  onChange: (patch: Partial<SectionView>, options?: { replace?: boolean }) => void;
  /** A phone: the filters fold under one bar so the list starts near the top. */
  narrow: boolean;
}

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...SECTION_ADOPTION_STATUSES.map((s) => ({ value: s, label: SECTION_STATUS_TEXT[s] })),
];

const DEADLINE_OPTIONS = [
  { value: '', label: 'Any' },
  ...DEADLINE_STATUSES.map((s) => ({ value: s, label: DEADLINE_STATUS_LABELS[s] })),
];

/** "Zero textbook cost (ZTC)", "Low textbook cost (LTC)", "No cost designation". */
const COST_OPTIONS = [
  { value: '', label: 'Any' },
  ...COST_DESIGNATIONS.map((d) => ({
    value: d,
    label:
      d === 'NONE'
        ? COST_DESIGNATION_LABELS[d]
        : `${COST_DESIGNATION_LABELS[d]} (${COST_DESIGNATION_SHORT_LABELS[d]})`,
  })),
];

/**
 * The search, the catalog levels, professor, adoption status, deadline standing, textbook cost
 * and the start-date window.
 */
export function SectionFilters({ view, onChange, narrow }: SectionFiltersProps) {
  // "Clear filters" starts the date fields and the professor field afresh.
  const [resets, setResets] = useState(0);
  const count = activeFilterCount(view);
  const search = (
    // Typing replaces the history entry: Back leaves the list, not one letter.
    <SectionSearchField value={view.q} onSearch={(q) => onChange({ q }, { replace: true })} />
  );
  const filters = (
    <Stack spacing={2}>
      {/* Ten fields: two rows of five, the start-date pair side by side at the end. */}
      <FilterGrid wideColumns={5}>
        <SectionLevelFilters view={view} onChange={onChange} />
        <ProfessorPicker
          key={`p${resets}`}
          professorId={view.professor === NONE ? null : view.professor}
          onChange={(id) => onChange({ professor: id ?? undefined })}
        />
        <FilterSelect
          label="Adoption status"
          value={view.status}
          options={STATUS_OPTIONS}
          onChange={(value) =>
            onChange({ status: (value || undefined) as SectionAdoptionStatus | undefined })
          }
        />
        <FilterSelect
          label="Deadline"
          value={view.deadline}
          options={DEADLINE_OPTIONS}
          onChange={(value) =>
            onChange({ deadline: (value || undefined) as DeadlineStatus | undefined })
          }
        />
        <FilterSelect
          label="Textbook cost"
          value={view.cost}
          options={COST_OPTIONS}
          onChange={(value) =>
            onChange({ cost: (value || undefined) as CostDesignation | undefined })
          }
        />
        <SectionDateFields
          key={`d${resets}`}
          from={view.from}
          to={view.to}
          termId={chosenLevels(view).termId}
          onChange={onChange}
        />
      </FilterGrid>
      <Box>
        <Button
          onClick={() => {
            setResets((n) => n + 1);
            onChange(CLEARED_FILTERS);
          }}
          disabled={count === 0}
        >
          Clear filters
        </Button>
      </Box>
    </Stack>
  );

  return (
    <FilterPanel narrow={narrow} summary={filtersSetText(count)} search={search}>
      {filters}
    </FilterPanel>
  );
}
