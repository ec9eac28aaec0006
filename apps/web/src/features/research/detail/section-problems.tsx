import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { RESEARCH_MESSAGES as M } from '../list/research-messages.ts';
import { ResearchBreadcrumbs } from './back-links.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';

/** A section the store does not have (or the caller may not see), or a malformed id. */
export function SectionNotFound({ children }: { children?: ReactNode }) {
  return (
    <Stack spacing={2}>
      <ResearchBreadcrumbs current="Section Detail" />
      <PageHeading>Section Detail</PageHeading>
      <Alert severity="warning">
        <AlertTitle>{M.sectionNotFound}</AlertTitle>
        {children ?? M.sectionNotFoundHint}
      </Alert>
    </Stack>
  );
}

/** docs/behaviour/messages.md: 'Unable to load section data.'; a 404 is a section not found instead. */
export function SectionLoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 404) return <SectionNotFound />;
  return (
    <Stack spacing={2}>
      <ResearchBreadcrumbs current="Section Detail" />
      <PageHeading>Section Detail</PageHeading>
      <LoadFailure
        severity={status === 403 ? 'warning' : 'error'}
        onRetry={status === 403 ? undefined : onRetry}
        title={M.sectionFailed}
      >
        {status === 403 ? M.forbidden : error.message !== M.sectionFailed ? error.message : null}
      </LoadFailure>
    </Stack>
  );
}
