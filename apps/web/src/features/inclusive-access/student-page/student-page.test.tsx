import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  IA_STUDENT_PAGE_MESSAGES as M,
  STUDENT_SESSION_HEADER,
  endIaStudentSession,
  getIaStudentPage,
  requestIaSignInLink,
  startIaStudentSession,
  type IaStudentSection,
} from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TOKEN = 'link_abcdefghijklmnopqrstuvwxyz';
const SESSION = 'session-token-of-ada';
const CHOICE = '/app-rest/public/v1/inclusiveAccess/me/sections/41';

const SECTION: IaStudentSection = {
  participantId: 41,
  sectionId: 7,
  termName: 'Fall 2026',
  sectionName: 'BIO 101 section 001',
  courseTitle: 'Introduction to Biology',
  model: 'OPT_OUT',
  materials: [{ title: 'Campbell Biology (digital)', author: 'Urry', priceCents: 5_999 }],
  totalCents: 5_999,
  deadline: '2026-09-15',
  choice: null,
  participating: true,
  enrolled: true,
  mayChange: true,
  whyNot: null,
};

/** The student page's server: one section, a link token, a session. */
class FakeStudentServer {
  section = { ...SECTION };
  sessionLive = true;

  private signedIn(r: StubRequest) {
    return r.headers.get(STUDENT_SESSION_HEADER) === SESSION && this.sessionLive;
  }

  handlers() {
    return {
      [`POST ${requestIaSignInLink.path}`]: () => json(202, { message: M.linkRequested }),
      [`POST ${startIaStudentSession.path}`]: (r: StubRequest) =>
        (r.body as { token: string }).token === TOKEN
          ? json(200, {
              sessionToken: SESSION,
              expiresAt: '2026-09-10T17:00:00Z',
              firstName: 'Ada',
            })
          : json(400, { message: M.linkUsed, field: 'token' }),
      [`POST ${endIaStudentSession.path}`]: () => {
        this.sessionLive = false;
        return json(200, { message: M.signedOut });
      },
      [`GET ${getIaStudentPage.path}`]: (r: StubRequest) =>
        this.signedIn(r)
          ? json(200, {
              storeName: 'Springfield University Bookstore',
              firstName: 'Ada',
              today: '2026-09-10',
              sections: [this.section],
            })
          : json(401, { message: M.sessionEnded }),
      [`PUT ${CHOICE}`]: (r: StubRequest) => {
        if (!this.signedIn(r)) return json(401, { message: M.sessionEnded });
        const choice = (r.body as { choice: 'IN' | 'OUT' }).choice;
        this.section = { ...this.section, choice, participating: choice === 'IN' };
        return json(200, this.section);
      },
    };
  }
}

afterEach(() => window.sessionStorage.clear());

describe('The student page (/my-course-access)', () => {
  it('sends a sign-in link and says the same whatever the address', async () => {
    const { calls } = renderApp('/my-course-access', {
      handlers: new FakeStudentServer().handlers(),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My course materials' }),
    ).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'ada@example.edu');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(M.linkRequested);
    expect(calls.filter((c) => c.url.pathname === requestIaSignInLink.path)[0]?.body).toEqual({
      email: 'ada@example.edu',
    });
  });

  it('opens the link, drops its token from the address, and opts out after a confirmation', async () => {
    const server = new FakeStudentServer();
    const { router, calls } = renderApp(`/my-course-access?token=${TOKEN}`, {
      handlers: server.handlers(),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'BIO 101 section 001' });
    expect(router.state.location.search).toBe('');
    expect(window.sessionStorage.getItem('csp.iaStudentSession')).toBe(SESSION);
    expect(within(card).getByText('Total: $59.99')).toBeVisible();
    expect(within(card).getByText('You are in')).toBeVisible();
    expect(within(card).getByText(/09\/15\/2026/)).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Opt out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt out of BIO 101 section 001?' });
    expect(dialog).toHaveTextContent('will not be charged $59.99');
    await user.click(within(dialog).getByRole('button', { name: 'Opt out' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('You opted out')).toBeVisible();
    expect(within(card).getByText(/confirmation e-mail is on its way/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Opt back in' })).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ choice: 'OUT' });
    expect(put?.headers.get(STUDENT_SESSION_HEADER)).toBe(SESSION);
  });

  it('says why a used link does not work, and offers a new one', async () => {
    renderApp('/my-course-access?token=used_abcdefghijklmnopqrstuvwxyz', {
      handlers: new FakeStudentServer().handlers(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.linkUsed);
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  });

  it('shows the deadline passed instead of the buttons', async () => {
    const server = new FakeStudentServer();
    server.section = { ...SECTION, mayChange: false, whyNot: 'The opt-out deadline has passed.' };
    window.sessionStorage.setItem('csp.iaStudentSession', SESSION);
    renderApp('/my-course-access', { handlers: server.handlers() });
    const card = await screen.findByRole('region', { name: 'BIO 101 section 001' });
    expect(within(card).getByText('The opt-out deadline has passed.')).toBeVisible();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for a new link when the session has ended, and signs out', async () => {
    const server = new FakeStudentServer();
    window.sessionStorage.setItem('csp.iaStudentSession', SESSION);
    renderApp('/my-course-access', { handlers: server.handlers() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
    expect(window.sessionStorage.getItem('csp.iaStudentSession')).toBeNull();

    window.sessionStorage.setItem('csp.iaStudentSession', 'stale');
    renderApp('/my-course-access', { handlers: server.handlers() });
    expect(await screen.findByText(M.sessionEnded)).toBeVisible();
  });
});
