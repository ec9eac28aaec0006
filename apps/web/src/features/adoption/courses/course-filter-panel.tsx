import { FilterPanel, filtersSetText } from '../../../components/list/filter-panel.tsx';
import { CourseFilters } from './course-filters.tsx';
import { CourseSearchForm } from './course-search-form.tsx';
import { activeFilterCount, isSearching } from './course-list-url-state.ts';
import type { CourseListView } from './course-list-url-state.ts';
import { SearchSummary } from './search-summary.tsx';

interface CourseFilterPanelProps {
  view: CourseListView;
  onChange: (patch: Partial<CourseListView>) => void;
  narrow: boolean;
}

function filterSummary(view: CourseListView): string {
  if (isSearching(view)) return 'not applied while searching';
  return filtersSetText(activeFilterCount(view));
}

/**
 * Search and filters. On a wide screen they are always open above the list; on a phone the
 * search is the top bar's and the filters fold into one bar, so the list starts near the top.
 */
export function CourseFilterPanel({ view, onChange, narrow }: CourseFilterPanelProps) {
  const searching = isSearching(view);
  const search = (q: string) => onChange({ q });
  const filters = <CourseFilters view={view} onChange={onChange} searching={searching} />;

  return (
    <FilterPanel
      narrow={narrow}
      summary={filterSummary(view)}
      search={
        narrow ? (
          <SearchSummary value={view.q} onClear={() => search('')} />
        ) : (
          <CourseSearchForm value={view.q} onSearch={search} />
        )
      }
    >
      {filters}
    </FilterPanel>
  );
}
