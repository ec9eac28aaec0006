import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActionName } from '@csp/contracts';
import { json, type StubRequest } from '../../test/fetch-stub.ts';
import { sessionResponse } from '../../test/fixtures.ts';
import {
  BASE,
  BOB,
  callsTo,
  permissionHandlers,
  renderPermissions,
} from '../../test/permissions/permissions-fake-server.ts';

// The first visit loads the lazy page and MUI, which takes a while in jsdom.

type Handler = (request: StubRequest) => Response | Promise<Response>;

const RESUME = 'POST /app-rest/admin_portal/v1/account/resume';
const CURRENT_SESSION = '/app-rest/admin_portal/v1/account/session';
const ENDED = () => json(401, { message: 'Your session has ended. Sign in again.' });

/** Every handler's answer carries the caller's current roles version, as the server's does. */
function withRolesVersion(
  handlers: Record<string, Handler>,
  version: () => string,
): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([key, handler]) => [
      key,
      async (request: StubRequest) => {
        const response = await handler(request);
        response.headers.set('X-Roles-Version', version());
        return response;
      },
    ]),
  );
}

/** Resume answers a fresh token each time, like the server's remember-me rotation. */
function resumeHandler(answer: (attempt: number) => Response): Handler {
  let attempt = 0;
  return () => answer(++attempt);
}

describe('the session follows the server (X-Roles-Version, revoked sessions)', () => {
  it('refetches the actions when the roles version changes, and the page acts on them', async () => {
    let version = '2.17';
    let actions: ActionName[] = ['ASSIGN_PERMISSIONS'];
    const handlers = withRolesVersion(
      {
        ...permissionHandlers(),
        [`GET ${BASE}/getUserActions`]: () => json(200, { actions }),
      },
      () => version,
    );
    const { router, calls } = renderPermissions(`/settings/permissions?q=${BOB}`, {
      actions: ['ASSIGN_PERMISSIONS'],
      handlers,
    });
    expect(await screen.findByText('Bob Builder')).toBeInTheDocument();
    await screen.findByText('Added: Submitter (Main Campus / BIO)');
    // The same version on every answer: the sign-in's actions stand, nothing is fetched.
    expect(callsTo(calls, 'GET', 'getUserActions')).toHaveLength(0);

    // An administrator takes the permission role away: the next answer carries a new version.
    version = '1.18';
    actions = ['ADOPT_COURSE'];
    await userEvent.setup().click(screen.getByRole('button', { name: 'My Permissions' }));

    // The page follows the new actions: one's own roles, read-only, and no look-up of others.
    const yours = await screen.findByRole('list', { name: 'Your actions' });
    expect(yours).toHaveTextContent('Adopt for courses');
    expect(screen.queryByLabelText('User email address')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a role' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/permissions');
    const fetched = callsTo(calls, 'GET', 'getUserActions');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.headers.get('Auth-Token')).toBe('token-1');
  });

  it('ends the session on a 401, never presents the refused token again, and shows login', async () => {
    const { router, calls } = renderPermissions(`/settings/permissions?q=${BOB}`, {
      handlers: {
        [`GET ${BASE}/permissions/user`]: ENDED,
        // The password was reset: the remember-me secret is revoked along with the session.
        [RESUME]: resumeHandler((attempt) =>
          attempt === 1 ? json(200, sessionResponse({ actions: ['ASSIGN_PERMISSIONS'] })) : ENDED(),
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      `/settings/permissions?q=${encodeURIComponent(BOB)}`,
    );
    expect({ ...localStorage }).toEqual({});
    // One automatic renewal was tried; the refused token itself was not offered back.
    expect(calls.filter((c) => `${c.method} ${c.url.pathname}` === RESUME)).toHaveLength(2);
    const restores = calls.filter((c) => c.url.pathname === CURRENT_SESSION);
    expect(restores.map((c) => c.headers.get('Auth-Token'))).toEqual(['old']);
    expect(callsTo(calls, 'GET', 'permissions/user')).toHaveLength(1);
  });

  it('does not renew in a loop when every renewed session is refused as well', async () => {
    const { router, calls } = renderPermissions(`/settings/permissions?q=${BOB}`, {
      handlers: {
        [`GET ${BASE}/permissions/user`]: ENDED,
        [RESUME]: resumeHandler((attempt) =>
          json(
            200,
            sessionResponse({
              token: `token-${attempt}`,
              rememberSecret: `rms1.${attempt}`,
              actions: ['ASSIGN_PERMISSIONS'],
            }),
          ),
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect({ ...localStorage }).toEqual({});
    // Signed in on arrival, renewed once after the first refusal, then stopped.
    await waitFor(() =>
      expect(calls.filter((c) => `${c.method} ${c.url.pathname}` === RESUME)).toHaveLength(2),
    );
    expect(callsTo(calls, 'GET', 'permissions/user')).toHaveLength(2);
  });
});
