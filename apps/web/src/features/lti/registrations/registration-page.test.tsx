import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  completeLtiDynamicRegistration,
  LTI_PAGES,
  LTI_REGISTRATION_MESSAGES as M,
} from '@csp/contracts';
import { answer, json } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';
import { LTI_CLOSE_MESSAGE } from './registration-page.tsx';

const CONFIG = 'https://moodle.springfield.edu/mod/lti/openid-configuration.php';
const PAGE = `${LTI_PAGES.register}?invite=inv_1&openid_configuration=${encodeURIComponent(CONFIG)}&registration_token=tok`;

describe('the dynamic registration page', () => {
  it('registers once and tells the platform it may close', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const view = renderApp(PAGE, {
      handlers: {
        [`POST ${completeLtiDynamicRegistration.path}`]: () =>
          answer(completeLtiDynamicRegistration, {
            name: 'Moodle (moodle.springfield.edu)',
            issuer: 'https://moodle.springfield.edu',
            clientId: 'c1',
          }),
      },
    });
    expect(
      await screen.findByText(`Moodle (moodle.springfield.edu): ${M.done}`),
    ).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith(LTI_CLOSE_MESSAGE, '*');
    const sent = view.calls.filter((c) => c.url.pathname === completeLtiDynamicRegistration.path);
    expect(sent.map((c) => c.body)).toEqual([
      { invite: 'inv_1', openidConfiguration: CONFIG, registrationToken: 'tok' },
    ]);
  });

  it('says why the registration failed, and closes nothing', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    renderApp(PAGE, {
      handlers: {
        [`POST ${completeLtiDynamicRegistration.path}`]: () =>
          json(404, { message: M.inviteRefused, field: 'invite' }),
      },
    });
    expect(await screen.findByText(M.inviteRefused)).toBeInTheDocument();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('explains itself when opened without the platform’s details', async () => {
    renderApp(LTI_PAGES.register);
    expect(await screen.findByText(T.registerMissing)).toBeInTheDocument();
  });
});
