import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';

/**
 * The router, with ReactDOM's flushSync so a navigation can ask to be rendered at once (logout
 * relies on it). The 'react-router/dom' wrapper does the same, but loading both entry points
 * risks two copies of the router's contexts.
 */
export function AppRouterProvider({ router }: { router: DataRouter }) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}
