import type { ReactNode } from 'react';
import Alert, { type AlertProps } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { ApiRequestError, DEFAULT_ERROR_MESSAGE } from '../lib/api-client.ts';

interface LoadFailureProps {
  /** What failed, in bold above the message (e.g. "Could not load the student"). */
  title?: ReactNode;
  /** The message; each screen keeps its own words. */
  children?: ReactNode;
  /** Without it there is no Try again button (a refusal that retrying cannot change). */
  onRetry?: () => void;
  /** The retry is under way: the button waits for it. */
  retrying?: boolean;
  severity?: AlertProps['severity'];
  sx?: AlertProps['sx'];
}

/**
 * The one block for something that could not load: an alert with the screen's own words and a
 * "Try again" button, so every panel, list and page fails the same way.
 */
export function LoadFailure({
  title,
  children,
  onRetry,
  retrying,
  severity = 'error',
  sx,
}: LoadFailureProps) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {children}
    </Alert>
  );
}

/** The status of a failed call, 0 when it never reached the server. */
export const failureStatus = (error: Error) =>
  error instanceof ApiRequestError ? error.status : 0;

interface SearchFailureProps {
  error: Error;
  onRetry: () => void;
  /** The title of a failed search (e.g. "Search failed. Please try again."). */
  failedTitle: string;
  /** The title of a refused one (403): a warning, with nothing to retry. */
  forbiddenTitle: string;
  /** The text under a refusal; the server's message when not given. */
  forbiddenText?: string;
}

/**
 * A list search that failed: a refusal is a warning; anything else says the search failed,
 * followed by the server's own reason (a bad date, the database briefly away) when it gave one.
 */
export function SearchFailure(props: SearchFailureProps) {
  const { error, failedTitle } = props;
  if (failureStatus(error) === 403) {
    return (
      <LoadFailure severity="warning" title={props.forbiddenTitle}>
        {props.forbiddenText ?? error.message}
      </LoadFailure>
    );
  }
  const detail = error.message;
  return (
    <LoadFailure title={failedTitle} onRetry={props.onRetry}>
      {detail && detail !== DEFAULT_ERROR_MESSAGE && detail !== failedTitle ? detail : null}
    </LoadFailure>
  );
}
