import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COST_DESIGNATION_LABELS,
  LTI_LANDING_MESSAGES as M,
  LTI_NO_ACCESS,
  LTI_PATHS,
  LTI_REFUSALS,
  getLtiDeepLink,
  getLtiStoreContact,
  type ResponseOf,
} from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { LANDING_TEXT as T } from './landing-text.ts';
import { CODE, TOKEN, materialsHandlers } from '../../../test/lti/landing-fake-server.ts';

const contact = (email: string | null) => ({
  [`GET ${getLtiStoreContact.path}`]: () =>
    json(200, { storeName: 'Springfield Bookstore', courseMaterialsEmail: email }),
});

describe('The launch pages', () => {
  it("says why a launch was refused, in the reason's words, and what to do next", async () => {
    renderApp('/lti/refused?reason=wrong-audience', { handlers: contact('books@example.edu') });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'The course materials link did not open',
      }),
    ).toBeVisible();
    expect(await screen.findByText(LTI_REFUSALS['wrong-audience'])).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'What to do next' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'books@example.edu' })).toHaveAttribute(
      'href',
      'mailto:books@example.edu',
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(document.title).toContain('The course materials link did not open');
  });

  it('says a plain sentence for a reason it does not know', async () => {
    renderApp('/lti/refused?reason=<script>', { handlers: contact(null) });
    expect(await screen.findByText(M.refusedUnknown)).toBeVisible();
    expect(await screen.findByText(M.noContact)).toBeVisible();
  });

  it('takes no name an object inherits for a reason (__proto__, toString)', async () => {
    const refused = renderApp('/lti/refused?reason=__proto__', { handlers: contact(null) });
    expect(await screen.findByText(M.refusedUnknown)).toBeVisible();
    refused.unmount();
    renderApp('/lti/no-access?reason=toString', { handlers: contact(null) });
    expect(await screen.findByText(LTI_NO_ACCESS['no-permission'])).toBeVisible();
  });

  it("tells an instructor without access whom to ask: the store's course materials e-mail", async () => {
    renderApp('/lti/no-access?reason=new-account', { handlers: contact('books@example.edu') });
    expect(await screen.findByText(LTI_NO_ACCESS['new-account'])).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Whom to ask' })).toBeVisible();
    expect(await screen.findByText(/course materials team of Springfield Bookstore/)).toBeVisible();
  });

  it('leads a student whose course did not map to the public textbook list', async () => {
    renderApp('/lti/course-not-found');
    expect(await screen.findByText(M.courseNotFound)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Find your course in the textbook list' }),
    ).toHaveAttribute('href', '/textbooks');
  });
});

describe('A section’s course materials (/course-materials/:sectionId)', () => {
  it('groups the materials into required and recommended, with prices and the cost mark', async () => {
    renderApp('/course-materials/31', { handlers: materialsHandlers() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'BIO 101 course materials' }),
    ).toBeVisible();
    const required = screen.getByRole('region', { name: 'Required' });
    expect(within(required).getByText('Campbell Biology')).toBeVisible();
    expect(within(required).getByText('New $129.95')).toBeVisible();
    expect(within(required).getByText('Digital $64.98')).toBeVisible();
    const recommended = screen.getByRole('region', { name: 'Recommended' });
    expect(within(recommended).getByText('Lab Notebook')).toBeVisible();
    expect(within(recommended).getByText('Price not yet available')).toBeVisible();
    expect(screen.getByText(COST_DESIGNATION_LABELS.LTC)).toBeVisible();
    expect(screen.getByText('Required materials cost: $64.98 – $129.95')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Included course materials' })).toBeNull();
  });

  it("signs the student in from the launch's code and shows the section's included access", async () => {
    const { router, calls } = renderApp(`/course-materials/31?token=${TOKEN}`, {
      handlers: materialsHandlers(),
    });
    const included = await screen.findByRole('region', { name: 'Included course materials' });
    expect(router.state.location.search).toBe('');
    expect(within(included).getByText(/You are in/)).toBeVisible();
    expect(within(included).getByText('Price: $59.99')).toBeVisible();
    expect(within(included).getByText(/09\/15\/2026/)).toBeVisible();
    expect(
      within(included).getByRole('link', { name: 'Opt out or back in on My course materials' }),
    ).toHaveAttribute('href', '/my-course-access');
    expect(calls.find((c) => c.url.pathname.endsWith('/inclusiveAccess/session'))?.body).toEqual({
      token: TOKEN,
    });
  });

  it('says so when the store publishes nothing for the section', async () => {
    renderApp('/course-materials/32', { handlers: materialsHandlers() });
    expect(await screen.findByText(M.sectionNotFound)).toBeVisible();
  });
});

describe('Deep linking (/lti/deep-link)', () => {
  const link: ResponseOf<typeof getLtiDeepLink> = {
    platformName: 'Canvas',
    courseName: 'BIO 101 section 001: Intro Biology',
    defaultTitle: 'Course materials',
    answerPath: LTI_PATHS.deepLinkAnswer,
  };

  it('shows what will be added and submits a real form post to the answer address', async () => {
    renderApp(`/lti/deep-link?code=${CODE}`, {
      handlers: { [`GET ${getLtiDeepLink.path}`]: () => json(200, link) },
    });
    const title = await screen.findByRole('textbox', { name: /Title of the link/ });
    expect(title).toHaveValue('Course materials');
    expect(title).toHaveAttribute('name', 'title');
    expect(screen.getByText('BIO 101 section 001: Intro Biology')).toBeVisible();
    const form = title.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', LTI_PATHS.deepLinkAnswer);
    expect(form.querySelector('input[name="code"]')).toHaveValue(CODE);
    expect(within(form).getByRole('button', { name: 'Add to the course' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('keeps a title of spaces from the server, saying the link needs one', async () => {
    renderApp(`/lti/deep-link?code=${CODE}`, {
      handlers: { [`GET ${getLtiDeepLink.path}`]: () => json(200, link) },
    });
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Title of the link/ });
    await user.clear(title);
    await user.type(title, '   ');
    const form = title.closest('form')!;
    const submitted = fireEvent.submit(form);
    expect(submitted).toBe(false); // the browser's post was cancelled
    expect(await screen.findByText(T.titleRequired)).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the request expired', async () => {
    renderApp(`/lti/deep-link?code=${CODE}`, {
      handlers: {
        [`GET ${getLtiDeepLink.path}`]: () =>
          json(410, { message: M.deepLinkExpired, field: 'code' }),
      },
    });
    await waitFor(() => expect(screen.getByText(M.deepLinkExpired)).toBeVisible());
  });
});
