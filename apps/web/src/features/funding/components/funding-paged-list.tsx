import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { FundingLoadProblem } from './funding-problems.tsx';
import { PagedBlock, type PagerProps } from './paged-list-footer.tsx';

interface FundingPagedListProps {
  query: UseQueryResult<unknown>;
  /** "the ledger": said while it loads and when it could not. */
  what: string;
  /** Said once the list is there: how many, or why there are none. */
  countText: string;
  /** A phone: cards and a pager instead of the grid. */
  phone: boolean;
  cards: ReactNode;
  pager: PagerProps;
  /** The grid beside the drawer (false when there is nothing to show in it). */
  grid: ReactNode;
}

/**
 * A searched, server-paged list of a source (its allowances, its ledger). While the next page
 * or search loads, the last one stays on screen, dimmed, and the status says the search is under
 * way rather than the last search's count.
 */
export function FundingPagedList(props: FundingPagedListProps) {
  const { query } = props;
  if (query.isError) {
    return (
      <FundingLoadProblem
        error={query.error}
        what={props.what}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {query.isPending
          ? `Loading ${props.what}…`
          : query.isPlaceholderData
            ? 'Searching…'
            : props.countText}
      </Typography>
      {props.phone ? (
        <PagedBlock loading={query.isPlaceholderData} pager={props.pager}>
          {props.cards}
        </PagedBlock>
      ) : (
        props.grid
      )}
    </>
  );
}
