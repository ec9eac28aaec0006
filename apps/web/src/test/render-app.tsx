import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import type { SessionResponse, WebsiteConfig, WebsiteInfo } from '@csp/contracts';
import { AppProviders } from '../app/app-providers.tsx';
import { AppRouterProvider } from '../app/app-router-provider.tsx';
import { createAppServices } from '../app/app-services.ts';
import { appRoutes } from '../app/routes/route-table.tsx';
import { json, stubFetch } from './fetch-stub.ts';
import type { StubRequest } from './fetch-stub.ts';
import { CONFIG, WEBSITE } from './fixtures.ts';

type Handler = (request: StubRequest) => Response | Promise<Response>;

interface RenderAppOptions {
  website?: WebsiteInfo | null;
  config?: WebsiteConfig | null;
  /** What the login and resume calls answer; defaults to 401. */
  session?: SessionResponse | Handler;
  handlers?: Record<string, Handler>;
  /** The app's own routes unless a test builds its own (e.g. a page it loads by hand). */
  routes?: RouteObject[];
}

/** The whole app (providers, guard, shell, lazy pages) on a memory router over a stubbed API. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { website = WEBSITE, config = CONFIG, session } = options;
  const sessionHandler: Handler =
    typeof session === 'function'
      ? session
      : () =>
          session ? json(200, session) : json(401, { message: 'Invalid user name or password.' });
  const fetchStub = stubFetch({
    'GET /app-rest/portal/v1/website': () =>
      website ? json(200, website) : json(404, { message: 'No website for this host' }),
    [`GET /site-config/${WEBSITE.jsonFileName}`]: () =>
      config ? json(200, config) : json(404, { message: 'Not found' }),
    'POST /app-rest/admin_portal/v1/account/login': sessionHandler,
    'POST /app-rest/admin_portal/v1/account/resume': sessionHandler,
    'POST /app-rest/admin_portal/v1/account/logout': () => json(200, { ok: true }),
    'GET /app-rest/admin_portal/v1/7/getUserActions': () =>
      json(200, { actions: typeof session === 'object' ? session.actions : [] }),
    ...options.handlers,
  });
  const services = createAppServices();
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders services={services}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services, ...fetchStub };
}
