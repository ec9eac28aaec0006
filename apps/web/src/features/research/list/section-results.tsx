import { useId } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { SectionPageInfo, SectionSortField } from '@csp/contracts';
import { useSectionList } from '../api/research-queries.ts';
import { RESEARCH_MESSAGES as M } from './research-messages.ts';
import { SectionCards } from './section-cards.tsx';
import { SectionGrid, type GridLayout } from './section-grid.tsx';
import { SectionPager, type PageMove } from './section-pager.tsx';
import { SectionSortSelect } from './section-sort-select.tsx';
import { FIRST_PAGE, sectionListBody, type SectionView } from './section-url-state.ts';
import { NoResults } from '../../../components/list/no-results.tsx';
import { SearchFailure } from '../../../components/load-failure.tsx';
import { ResultsBar } from '../../../components/list/results-bar.tsx';
import { ResultsHeading } from '../../../components/list/results-heading.tsx';

interface SectionResultsProps {
  view: SectionView;
  /** A change of page or sort (pushed to the history: Back returns to the page before). */
  onChange: (patch: Partial<SectionView>) => void;
  onClearFilters: () => void;
  layout: 'cards' | GridLayout;
}

/** Where a page move goes: the page number shown, and the cursor that reaches it. */
export function pageMove(move: PageMove, info: SectionPageInfo, total: number) {
  if (move === 'first' || (move === 'previous' && (info.page <= 2 || !info.startCursor)))
    return FIRST_PAGE;
  if (move === 'previous')
    return { ...FIRST_PAGE, page: info.page - 1, before: info.startCursor ?? undefined };
  if (move === 'next')
    return { ...FIRST_PAGE, page: info.page + 1, after: info.endCursor ?? undefined };
  return { ...FIRST_PAGE, page: Math.max(1, Math.ceil(total / info.pageSize)), last: true };
}

const countText = (n: number) => (n === 1 ? '1 section' : `${n.toLocaleString('en-US')} sections`);

/** The count, the sort, one page of sections and the pager; or what stands in for them. */
export function SectionResults({ view, onChange, onClearFilters, layout }: SectionResultsProps) {
  const headingId = useId();
  const list = useSectionList(sectionListBody(view));
  const { search } = useLocation();
  const data = list.isError ? undefined : list.data;
  const settled = data !== undefined && !list.isPlaceholderData;
  const sort = (field: SectionSortField, dir: 'asc' | 'desc') =>
    onChange({ ...FIRST_PAGE, sort: field, dir });

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <ResultsBar align="flex-end">
        <ResultsHeading
          id={headingId}
          title="Sections"
          status={list.isError ? '' : data ? `${countText(data.totalSections)} found` : M.loading}
        />
        <SectionSortSelect
          sort={view.sort}
          dir={view.dir}
          onSort={(change) => onChange({ ...FIRST_PAGE, ...change })}
        />
      </ResultsBar>
      {list.isError ? (
        <SearchFailure
          error={list.error}
          onRetry={() => void list.refetch()}
          failedTitle={M.searchFailed}
          forbiddenTitle="No sections to show"
          forbiddenText={M.forbidden}
        />
      ) : settled && data.totalSections === 0 ? (
        <NoResults
          title={M.empty}
          hint={M.emptyHint}
          action={
            <Button variant="outlined" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <>
          {layout === 'cards' ? (
            <>
              <Box sx={{ minHeight: 4 }}>
                {list.isFetching && <LinearProgress aria-label={M.loading} />}
              </Box>
              <SectionCards
                rows={data?.sections ?? []}
                loading={list.isFetching}
                labelledBy={headingId}
                listSearch={search}
              />
            </>
          ) : (
            <SectionGrid
              rows={data?.sections ?? []}
              view={view}
              onSort={sort}
              loading={list.isFetching}
              labelledBy={headingId}
              listSearch={search}
              layout={layout}
            />
          )}
          {data && (
            <SectionPager
              pageInfo={data.pageInfo}
              shown={data.sections.length}
              total={data.totalSections}
              disabled={list.isFetching}
              onMove={(move) => onChange(pageMove(move, data.pageInfo, data.totalSections))}
            />
          )}
        </>
      )}
    </Stack>
  );
}
