import { FilterPanel, filtersSetText } from '../../../components/list/filter-panel.tsx';
import { CatalogFilters } from './catalog-filters.tsx';
import { CourseSearchForm } from './course-search-form.tsx';
import { activeFilterCount, isSearching } from './catalog-url-state.ts';
import type { CatalogView } from './catalog-url-state.ts';
import { SearchSummary } from './search-summary.tsx';

interface CatalogFilterPanelProps {
  view: CatalogView;
  onChange: (patch: Partial<CatalogView>) => void;
  narrow: boolean;
}

function filterSummary(view: CatalogView): string {
  if (isSearching(view)) return 'not applied while searching';
  return filtersSetText(activeFilterCount(view));
}

/**
 * Search and filters. On a wide screen they are always open above the list; on a phone the
 * search is the top bar's and the filters fold into one bar, so the list starts near the top.
 */
export function CatalogFilterPanel({ view, onChange, narrow }: CatalogFilterPanelProps) {
  const searching = isSearching(view);
  const search = (q: string) => onChange({ q });
  const filters = <CatalogFilters view={view} onChange={onChange} searching={searching} />;

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
