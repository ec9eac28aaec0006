import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storePasswordLogin } from '../../../lib/credential-storage.ts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TOKEN_PATH = '/app-rest/admin_portal/v1/7/inclusiveAccess/integrationToken';
const MADE_AT = '2026-09-01T14:30:00.000Z';

type Handler = (request: StubRequest) => Response;

/** The token's three calls as the server answers them; `made` counts the tokens given out. */
function fakeServer(overrides: Partial<Record<'GET' | 'POST' | 'DELETE', Handler>> = {}) {
  const state = { createdAt: null as string | null, made: 0 };
  const handlers: Record<string, Handler> = {
    [`GET ${TOKEN_PATH}`]: () => json(200, { createdAt: state.createdAt }),
    [`POST ${TOKEN_PATH}`]: () => {
      state.made++;
      state.createdAt = MADE_AT;
      return json(200, { token: `csp_ia_token-${state.made}`, createdAt: MADE_AT });
    },
    [`DELETE ${TOKEN_PATH}`]: () => {
      state.createdAt = null;
      return json(200, { createdAt: null });
    },
  };
  for (const [method, handler] of Object.entries(overrides)) {
    handlers[`${method} ${TOKEN_PATH}`] = handler;
  }
  return { state, handlers };
}

async function openPage(handlers: Record<string, Handler>) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  const view = renderApp('/inclusive-access/integration', {
    session: sessionResponse({ actions: ['MANAGE_INCLUSIVE_ACCESS'] }),
    handlers,
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Access list integration' }),
  ).toBeVisible();
  // The title shows while the page's code loads; the card is the page's own.
  await screen.findByRole('region', { name: 'Integration token' });
  return { ...view, user: userEvent.setup() };
}

const card = () => screen.getByRole('region', { name: 'Integration token' });

describe('Access list integration', () => {
  it("gives the platform's people the addresses and the header, and leads back", async () => {
    const { handlers } = fakeServer();
    await openPage(handlers);
    const setup = screen.getByRole('region', { name: "For the platform's set-up" });
    const origin = window.location.origin;
    expect(
      within(setup).getByText(
        `GET ${origin}/app-rest/integration/v1/inclusiveAccess/terms/{termId}/accessLists`,
      ),
    ).toBeVisible();
    expect(
      within(setup).getByText(
        `GET ${origin}/app-rest/integration/v1/inclusiveAccess/sections/{sectionId}/accessList`,
      ),
    ).toBeVisible();
    expect(within(setup).getByText('Authorization: Bearer <token>')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Inclusive access' })).toHaveAttribute(
      'href',
      '/inclusive-access',
    );
  });

  it('makes a token, shows it once with a copy button, and then only when it was made', async () => {
    const { state, handlers } = fakeServer();
    const { user, calls } = await openPage(handlers);
    expect(await within(card()).findByText(/has no integration token/)).toBeVisible();
    expect(within(card()).queryByRole('button', { name: 'Revoke token' })).toBeNull();

    await user.click(within(card()).getByRole('button', { name: 'Create token' }));
    const field = await within(card()).findByRole('textbox', { name: 'New integration token' });
    expect(field).toHaveValue('csp_ia_token-1');
    expect(within(card()).getByText(/shown only this once/)).toBeVisible();
    await user.click(within(card()).getByRole('button', { name: 'Copy token' }));
    expect(await within(card()).findByText('Copied to the clipboard.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('csp_ia_token-1');
    expect(within(card()).getByText(/^Made on /)).toBeVisible();
    expect(state.made).toBe(1);
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === TOKEN_PATH)).toHaveLength(
      1,
    );
    for (const control of document.querySelectorAll('main input, main button')) {
      expect(control).toHaveAccessibleName();
    }
  });

  it('asks before replacing or revoking, and Cancel (or Escape) changes nothing', async () => {
    const { state, handlers } = fakeServer();
    state.createdAt = MADE_AT;
    const { user } = await openPage(handlers);
    await user.click(await within(card()).findByRole('button', { name: 'Replace token' }));
    const ask = await screen.findByRole('dialog', { name: 'Replace the integration token?' });
    expect(ask).toHaveTextContent('stops working at once');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.made).toBe(0);

    await user.click(within(card()).getByRole('button', { name: 'Replace token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the integration token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace token' }));
    // The page is hidden from assistive technology while the dialog is open.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(card()).findByRole('textbox', { name: 'New integration token' }),
    ).toHaveValue('csp_ia_token-1');

    await user.click(within(card()).getByRole('button', { name: 'Revoke token' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the integration token?' });
    await user.click(within(revoke).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card()).findByText(/has no integration token/)).toBeVisible();
    expect(within(card()).queryByRole('textbox')).toBeNull();
    expect(state.createdAt).toBeNull();
  });

  it('says when the token cannot be read, and tries again on request', async () => {
    let failing = true;
    const { handlers } = fakeServer({
      GET: () =>
        failing ? json(503, { message: 'The portal is busy.' }) : json(200, { createdAt: null }),
    });
    const { user } = await openPage(handlers);
    const alert = await within(card()).findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Could not load the integration token');
    expect(within(card()).queryByRole('button', { name: 'Create token' })).toBeNull();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText(/has no integration token/)).toBeVisible();
  });

  it('shows the server’s refusal of a change', async () => {
    const refusal =
      'Only store-wide inclusive access managers or store administrators manage the store’s integration token.';
    const { handlers } = fakeServer({ POST: () => json(403, { message: refusal }) });
    const { user } = await openPage(handlers);
    await user.click(await within(card()).findByRole('button', { name: 'Create token' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(card()).queryByRole('textbox')).toBeNull();
  });
});
