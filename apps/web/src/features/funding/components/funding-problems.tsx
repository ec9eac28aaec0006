import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PanelError } from '../../../components/panel-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { FUNDING_TEXT as T } from '../funding-messages.ts';

export const isRefusal = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403;
export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

/** The server refused (no MANAGE_VOUCHERS): its own message, and whom to ask. */
export function FundingRefused({ error }: { error: Error }) {
  return (
    <LoadFailure severity="warning" title={T.refusedTitle}>
      {error.message} {T.refusedHint}
    </LoadFailure>
  );
}

export function SourceNotFound() {
  return (
    <LoadFailure severity="warning" title={T.notFoundTitle}>
      {T.notFoundHint}{' '}
      <Link component={RouterLink} to="/funding-management">
        Back to the funding sources
      </Link>
    </LoadFailure>
  );
}

/** The report's term is not one of the store's (a 404 naming termId). */
export function TermNotFound() {
  return (
    <LoadFailure severity="warning" title={T.termNotFoundTitle}>
      {T.termNotFoundHint}
    </LoadFailure>
  );
}

/**
 * Why something could not load: refused, the source or the term not found (by the field the
 * 404 names), or the server's message with a retry. `ofSource` false: a 404 naming no field is
 * of something else (an upload, a report) and says so in its own words.
 */
export function FundingLoadProblem({
  error,
  what,
  onRetry,
  ofSource = true,
}: {
  error: Error;
  what: string;
  onRetry: () => void;
  ofSource?: boolean;
}) {
  if (isRefusal(error)) return <FundingRefused error={error} />;
  if (isNotFound(error)) {
    const field = (error as ApiRequestError).field;
    if (field === 'termId') return <TermNotFound />;
    if (ofSource && (field === undefined || field === 'sourceId')) return <SourceNotFound />;
  }
  return <PanelError what={what} error={error} onRetry={onRetry} />;
}
