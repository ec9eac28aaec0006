import Stack from '@mui/material/Stack';
import { SECTION_SORT_FIELDS, type SectionSortField } from '@csp/contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';

export const SORT_LABELS: Record<SectionSortField, string> = {
  startDate: 'Start date',
  endDate: 'End date',
  // As the column that sorts by it: department, course and section code together.
  courseCode: 'Section',
  courseName: 'Course name',
  sectionCode: 'Section code',
  termName: 'Term',
  professors: 'Professors',
  enrollmentCount: 'Enrolled',
  listingCount: 'Adoptions',
  adoptionStatus: 'Status',
};

const FIELDS = SECTION_SORT_FIELDS.map((f) => ({ value: f, label: SORT_LABELS[f] }));
const DIRECTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

interface SectionSortSelectProps {
  sort: SectionSortField;
  dir: 'asc' | 'desc';
  /**
   * Each field changes only itself: the other keeps what the address holds by then, not what
   * this render showed, so an order picked before the new sort has rendered keeps that sort.
   */
  onSort: (change: { sort: SectionSortField } | { dir: 'asc' | 'desc' }) => void;
}

/** The sort as two fields: the cards' only sort, and the grid's way to sort by section code. */
export function SectionSortSelect({ sort, dir, onSort }: SectionSortSelectProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: { xs: '100%', sm: 340 } }}>
      <FilterSelect
        label="Sort by"
        value={sort}
        options={FIELDS}
        onChange={(value) => onSort({ sort: value as SectionSortField })}
      />
      <FilterSelect
        label="Order"
        value={dir}
        options={DIRECTIONS}
        onChange={(value) => onSort({ dir: value as 'asc' | 'desc' })}
      />
    </Stack>
  );
}
