import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import type { StubRequest } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  CONFIRM_EMPTY_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
} from '../components/new-password-form.tsx';

const BASE = '/app-rest/admin_portal/v1/account';
const NEUTRAL = { message: PASSWORD_MESSAGES.resetRequested };
const GOOD_PASSWORD = 'violet lantern orbit 42';

function validToken() {
  return json(200, { valid: true, userName: 'pat@example.edu', firstPassword: false });
}

async function fillNewPassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^new password/i), password);
  await user.type(screen.getByLabelText(/confirm new password/i), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('requests a link with this site as reset URL and shows the neutral confirmation', async () => {
    const { calls } = renderApp('/reset-password', {
      handlers: { [`POST ${BASE}/requestReset`]: () => json(200, NEUTRAL) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/e-mail address/i), 'pat@example.edu{Enter}');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(PASSWORD_MESSAGES.resetRequested);
    await waitFor(() => expect(status).toHaveFocus());
    const request = calls.find((c) => c.url.pathname === `${BASE}/requestReset`);
    expect(request?.body).toEqual({
      email: 'pat@example.edu',
      resetUrl: `${window.location.origin}/reset-password?token={token}`,
    });
  });

  it('asks for an e-mail address before calling the server, and shows a 429 as sent', async () => {
    const { calls } = renderApp('/reset-password', {
      handlers: {
        [`POST ${BASE}/requestReset`]: () =>
          json(429, { message: PASSWORD_MESSAGES.tooManyRequests }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `${BASE}/requestReset`)).toBe(false);

    await user.type(screen.getByLabelText(/e-mail address/i), 'pat@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.tooManyRequests);
  });

  it.each([
    PASSWORD_MESSAGES.tokenExpired,
    PASSWORD_MESSAGES.tokenInvalid,
    PASSWORD_MESSAGES.tokenUsed,
  ])('explains an unusable link (%s) and offers a new one', async (message) => {
    const { router } = renderApp('/reset-password?token=abc', {
      handlers: {
        [`GET ${BASE}/validateResetToken`]: () => json(400, { message, field: 'token' }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByLabelText(/e-mail address/i)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('checks the token first, then sets the new password and goes to sign in', async () => {
    const resets: StubRequest[] = [];
    const { router, calls } = renderApp('/reset-password?token=tok_123', {
      handlers: {
        [`GET ${BASE}/validateResetToken`]: validToken,
        [`PUT ${BASE}/resetPassword`]: (request) => {
          resets.push(request);
          return json(200, { message: PASSWORD_MESSAGES.resetDone });
        },
      },
    });
    expect(await screen.findByText('Checking your reset link…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.getByText('pat@example.edu')).toBeInTheDocument();
    const validation = calls.find((c) => c.url.pathname === `${BASE}/validateResetToken`);
    expect(validation?.url.searchParams.get('token')).toBe('tok_123');

    await fillNewPassword(GOOD_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(resets[0]?.body).toEqual({ token: 'tok_123', newPassword: GOOD_PASSWORD });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText(PASSWORD_MESSAGES.resetDone)).toBeInTheDocument();
    expect(screen.getByLabelText(/user name/i)).toHaveValue('');
  });

  it('asks an invited account for its first password, not a new one', async () => {
    renderApp('/reset-password?token=tok_new', {
      handlers: {
        [`GET ${BASE}/validateResetToken`]: () =>
          json(200, { valid: true, userName: 'ada@walk29.edu', firstPassword: true }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/you sign in with this e-mail address and the password/),
    ).toHaveTextContent(
      'Choose the password of ada@walk29.edu: you sign in with this e-mail address and the password.',
    );
  });

  it('applies the password rules in the browser before calling the server', async () => {
    const { calls } = renderApp('/reset-password?token=tok', {
      handlers: { [`GET ${BASE}/validateResetToken`]: validToken },
    });
    const user = userEvent.setup();
    await fillNewPassword('short');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'my pat@example.edu pw');
    expect(await screen.findByText(PASSWORD_MESSAGES.containsEmail)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORDS_DIFFER_MESSAGE)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/confirm new password/i));
    expect(await screen.findByText(CONFIRM_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `${BASE}/resetPassword`)).toBe(false);
  });

  it('shows a password the server refuses verbatim next to the field', async () => {
    renderApp('/reset-password?token=tok', {
      handlers: {
        [`GET ${BASE}/validateResetToken`]: validToken,
        [`PUT ${BASE}/resetPassword`]: () =>
          json(400, { message: PASSWORD_MESSAGES.tooCommon, field: 'newPassword' }),
      },
    });
    await fillNewPassword('password1234');
    const field = screen.getByLabelText(/^new password/i);
    await waitFor(() => expect(field).toHaveAccessibleDescription(PASSWORD_MESSAGES.tooCommon));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('explains a link used up while the form was open', async () => {
    renderApp('/reset-password?token=tok', {
      handlers: {
        [`GET ${BASE}/validateResetToken`]: validToken,
        [`PUT ${BASE}/resetPassword`]: () =>
          json(400, { message: PASSWORD_MESSAGES.tokenUsed, field: 'token' }),
      },
    });
    await fillNewPassword(GOOD_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.tokenUsed);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
