import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';

/**
 * docs/behaviour/flows.md's failed-to-get flag, as the screen reads it: asked, nothing in flight, no list. A
 * list that could not be loaded says so, with the reason and a retry; it never poses as an
 * empty list.
 */
export type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: Error; onRetry: () => void; retrying: boolean }
  | { kind: 'empty' }
  | { kind: 'ready' };

export function listState(
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  },
  count: number,
): ListState {
  if (query.isError && query.error) {
    return {
      kind: 'failed',
      error: query.error,
      onRetry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  }
  if (query.isPending) return { kind: 'loading' };
  return count === 0 ? { kind: 'empty' } : { kind: 'ready' };
}

interface RentalListSectionProps {
  title: string;
  /** What the list holds, for "Could not load …" and "Loading …". */
  what: string;
  count: number | undefined;
  state: ListState;
  emptyText: string;
  children: ReactNode;
}

/** A rental list's heading with its count, and its loading, failed or empty state. */
export function RentalListSection(props: RentalListSectionProps) {
  const headingId = useId();
  const { state } = props;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 0.5 }}>
        {props.title}
        {props.count !== undefined && state.kind !== 'failed' && (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {' '}
            ({props.count})
          </Box>
        )}
      </Typography>
      {state.kind === 'loading' ? (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Loading {props.what}…</Typography>
        </Stack>
      ) : state.kind === 'failed' ? (
        <LoadFailure onRetry={state.onRetry} retrying={state.retrying}>
          {M.couldNotLoad(props.what)}: {state.error.message}
        </LoadFailure>
      ) : state.kind === 'empty' ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {props.emptyText}
        </Typography>
      ) : (
        props.children
      )}
    </Box>
  );
}
