import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage, type RouteMeta } from '../../platform/routes/route-meta.ts';
import { sessionResponse } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { RootLayout } from '../shell/root-layout.tsx';
import { toRouteObject } from './route-table.tsx';

/** A page whose code arrives when the test says so, and the number of times it was fetched. */
function slowPage(meta: RouteMeta = signedInPage(undefined, 'Slow Page')) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return { SlowPage: () => <p>The page’s own content</p> };
  });
  const routes = [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        toRouteObject({
          path: 'slow',
          meta,
          page: lazyPage(load, 'SlowPage'),
        }),
      ],
    },
  ];
  return { load, arrive, routes };
}

describe('a page while its code loads', () => {
  it('is fetched while the sign-in is still being checked, not after it', async () => {
    storePasswordLogin({ token: 't', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
    const { load, routes } = slowPage();
    // The sign-in never answers: the guard keeps waiting.
    renderApp('/slow', { routes, session: () => new Promise<never>(() => {}) });
    expect(await screen.findByRole('progressbar', { name: 'Signing you in' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its title where the heading will be with the loading state, then the page, fetched once', async () => {
    storePasswordLogin({ token: 't', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
    const { load, arrive, routes } = slowPage();
    renderApp('/slow', { routes, session: sessionResponse() });
    // Found in the main area: the app bar shows the title too.
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByText('Slow Page')).toBeVisible(),
    );
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    // The title stands as text: the page has its one h1 only once the page is there.
    expect(screen.queryByRole('heading')).toBeNull();
    arrive();
    expect(await screen.findByText('The page’s own content')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the plain spinner for a page without navigation, whose heading sits in its card', async () => {
    const { routes } = slowPage(routeMeta({ title: 'Slow Page', auth: 'none', navigation: false }));
    renderApp('/slow', { routes });
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    expect(screen.queryByText('Slow Page')).toBeNull();
  });
});
