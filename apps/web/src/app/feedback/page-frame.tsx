import { Suspense } from 'react';
import { useLocation } from 'react-router';
import Stack from '@mui/material/Stack';
import { PageTitle } from '../../components/page-heading.tsx';
import { PageLoader } from '../../platform/feedback/page-loader.tsx';
import type { LazyPage } from '../../platform/routes/lazy-page.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Every page gets its own error boundary and loading state. While its code loads, the page's
 * title already stands where the page will put its own heading (as text, not a second h1).
 */
export function PageFrame({ page: Page, title }: { page: LazyPage; title?: string }) {
  const { pathname, search } = useLocation();
  const loading = <PageLoader label="Loading page" />;
  return (
    <RouteErrorBoundary resetKey={pathname + search}>
      <Suspense
        fallback={
          title ? (
            <Stack spacing={2.5}>
              <PageTitle placeholder>{title}</PageTitle>
              {loading}
            </Stack>
          ) : (
            loading
          )
        }
      >
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}
