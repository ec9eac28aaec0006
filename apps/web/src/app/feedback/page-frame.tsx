import { Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../platform/feedback/page-loader.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** Every page gets its own error boundary and loading state. */
export function PageFrame({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  const { pathname, search } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname + search}>
      <Suspense fallback={<PageLoader label="Loading page" />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}
