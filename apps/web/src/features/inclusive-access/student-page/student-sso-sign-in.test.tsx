import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  IA_STUDENT_PAGE_MESSAGES as M,
  STUDENT_SESSION_HEADER,
  getIaStudentPage,
  startIaStudentSession,
} from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { WEBSITE } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const SAML_WEBSITE = { ...WEBSITE, ssoType: 'SAML' as const };
const CODE = 'sso_code_abcdefghijklmnopqrstuvwxyz';
const SESSION = 'session-of-noah';

/** The student page's server for a single sign-on's landing: one code, one session. */
const handlers = {
  [`POST ${startIaStudentSession.path}`]: (r: StubRequest) =>
    (r.body as { token: string }).token === CODE
      ? json(200, { sessionToken: SESSION, expiresAt: '2026-09-10T17:00:00Z', firstName: 'Noah' })
      : json(400, { message: M.linkUsed, field: 'token' }),
  [`GET ${getIaStudentPage.path}`]: (r: StubRequest) =>
    r.headers.get(STUDENT_SESSION_HEADER) === SESSION
      ? json(200, { storeName: 'Store', firstName: 'Noah', today: '2026-09-10', sections: [] })
      : json(401, { message: M.sessionEnded }),
};

afterEach(() => window.sessionStorage.clear());

describe("The student page's single sign-on", () => {
  it('offers single sign-on beside the e-mail form when the website has it', async () => {
    renderApp('/my-course-access', { website: SAML_WEBSITE, handlers });
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link).toHaveAttribute('href', '/app-rest/saml/v1/login?mode=student');
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  });

  it('offers only the e-mail form when the website has no single sign-on', async () => {
    renderApp('/my-course-access', { handlers });
    expect(await screen.findByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /single sign-on/ })).not.toBeInTheDocument();
  });

  it("lands with the sign-on's one-time code, exchanges it, and shows the student's page", async () => {
    const { router, calls } = renderApp(`/my-course-access?token=${CODE}`, {
      website: SAML_WEBSITE,
      handlers,
    });
    expect(await screen.findByText(/Hello Noah/)).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(window.sessionStorage.getItem('csp.iaStudentSession')).toBe(SESSION);
    const starts = calls.filter((c) => c.url.pathname === startIaStudentSession.path);
    expect(starts.map((c) => c.body)).toEqual([{ token: CODE }]);
  });

  it('says the store has no student with that address, and offers both ways again', async () => {
    const { router } = renderApp('/my-course-access?ssoError=unknown+student', {
      website: SAML_WEBSITE,
      handlers,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This store has no student with that address at this website.',
    );
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  });

  it('says single sign-on did not sign the student in for any other refusal', async () => {
    renderApp('/my-course-access?ssoError=already+used', { website: SAML_WEBSITE, handlers });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.ssoFailed);
  });
});
