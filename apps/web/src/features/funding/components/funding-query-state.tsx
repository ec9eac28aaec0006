import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { FundingLoadProblem } from './funding-problems.tsx';

/**
 * What a funding list or report shows until its data is there: "Loading the …" while it loads,
 * why it could not load (with a retry) when it failed, then the data as `children` draws it.
 */
export function FundingQueryState<T>({
  query,
  what,
  ofSource,
  children,
}: {
  query: UseQueryResult<T>;
  /** "the activity", "the spending report": said while loading and on a failure. */
  what: string;
  /** See FundingLoadProblem: false when a 404 is of something other than the source. */
  ofSource?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading what={what} />;
  if (query.isError) {
    return (
      <FundingLoadProblem
        error={query.error}
        what={what}
        ofSource={ofSource}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
