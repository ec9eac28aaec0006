import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { sessionResponse } from '../../../test/fixtures.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import {
  ADOPT_SAME_PATH,
  FakeMyCoursesServer,
  MY_COURSES_PATH,
  renderMyCourses,
} from '../../../test/adoption/my-courses-fake-server.ts';

const card = (name: RegExp) => screen.getByRole('article', { name });
const lines = (article: HTMLElement) =>
  within(within(article).getAllByRole('list')[0]!)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function openPage(server = new FakeMyCoursesServer()) {
  const view = renderMyCourses(server);
  await screen.findByRole('article', { name: /BIO 101/ });
  return { ...view, server, user: userEvent.setup() };
}

describe('My courses', () => {
  it('lists each course with its sections, status and deadline standing, and a link to the course', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
    const bio = card(/BIO 101/);
    expect(within(bio).getByRole('heading', { level: 2 })).toHaveTextContent(
      'BIO 101 · Intro Biology',
    );
    expect(lines(bio)).toEqual([
      'Section 001 · Fall 2026OutstandingMissing (was due 09/01/2026)',
      'Section 002 · Fall 2026AdoptedAdopted on time',
      'Section 003 · Fall 2026OutstandingMissing (was due 09/01/2026)',
    ]);
    expect(within(bio).getByRole('link', { name: 'Open course BIO 101' })).toHaveAttribute(
      'href',
      '/adopt/course/1/BIO/101',
    );
    expect(within(bio).getByText('Last time (Spring 2026)')).toBeVisible();
    expect(within(bio).getByText('Cells and Their Parts').closest('li')).toHaveTextContent(
      'Cells and Their Parts · ISBN 978-0-306-40615-7 · Test Author · Edition 3 · Required',
    );
    expect(within(bio).getByText('Genes in Action').closest('li')).toHaveTextContent(
      'Genes in Action · ISBN 978-1-86197-271-2 · Gene Writer · Recommended',
    );
    const chem = card(/CHEM 110/);
    expect(lines(chem)).toEqual(['Section 010 · Spring 2027OutstandingDue 03/15/2027']);
    // No earlier term: nothing to adopt again.
    expect(within(chem).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sits in the drawer right before Adopt, and opens the page', async () => {
    screenWidth(1280);
    renderMyCourses(new FakeMyCoursesServer(), { path: '/help' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'My courses' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links[links.indexOf('My courses') + 1]).toBe('Adopt');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('article', { name: /BIO 101/ })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('My courses - Springfield University'));
  });

  it('warns, in words beside the title, of what changed since last time', async () => {
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Adopt the same as last time for BIO 101' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /Adopt the same as last time: BIO 101/,
    });
    const cells = within(dialog).getByText('Cells and Their Parts').closest('li')!;
    expect(within(cells).getByRole('note')).toHaveTextContent(
      'Newer edition: 4th edition (2026) is in the catalog: ISBN 978-0-262-03384-8.',
    );
    const genes = within(dialog).getByText('Genes in Action').closest('li')!;
    expect(within(genes).queryByRole('note')).not.toBeInTheDocument();
  });

  it("warns, under the section's box, of its enrollment change since last time", async () => {
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Adopt the same as last time for BIO 101' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /Adopt the same as last time: BIO 101/,
    });
    const sections = within(dialog).getByRole('group', { name: 'Sections to adopt for' });
    const notes = within(sections).getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual([
      'Enrollment change: Enrollment up 50% (20 to 30).',
    ]);
    // Read with the section it belongs to; 001 has none.
    expect(
      within(sections).getByRole('checkbox', { name: 'Section 003 · Fall 2026' }),
    ).toHaveAccessibleDescription('Enrollment change: Enrollment up 50% (20 to 30).');
    expect(
      within(sections).getByRole('checkbox', { name: 'Section 001 · Fall 2026' }),
    ).not.toHaveAccessibleDescription();
  });

  it('adopts the same as last time for the sections left checked, then shows them adopted', async () => {
    const { user, calls } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Adopt the same as last time for BIO 101' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /Adopt the same as last time: BIO 101/,
    });
    expect(within(dialog).getByText('Cells and Their Parts')).toBeVisible();
    expect(within(dialog).getByText('Genes in Action')).toBeVisible();
    const boxes = within(dialog).getAllByRole('checkbox');
    // Only the sections without an adoption, all checked.
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Section 001 · Fall 2026',
      'Section 003 · Fall 2026',
    ]);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Section 003 · Fall 2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adopt for 1 section' }));
    const bio = card(/BIO 101/);
    expect(await within(bio).findByRole('status')).toHaveTextContent(
      "Adopted Spring 2026's materials for 1 section.",
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === 'POST' && c.url.pathname === ADOPT_SAME_PATH);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      divisionId: 1,
      departmentCode: 'BIO',
      courseCode: '101',
      sectionIds: [101],
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() =>
      expect(lines(card(/BIO 101/))[0]).toBe(
        'Section 001 · Fall 2026AdoptedAdopted late (due 09/01/2026)',
      ),
    );
    expect(calls.filter((c) => c.url.pathname === MY_COURSES_PATH).length).toBeGreaterThan(1);
  });

  it("asks for a section before sending, and shows the server's refusal in the dialog", async () => {
    const { user, server, calls } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Adopt the same as last time for BIO 101' }),
    );
    const dialog = await screen.findByRole('dialog');
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Adopt for 0 sections' }));
    expect(within(dialog).getByText('Choose at least one section.')).toBeVisible();
    expect(calls.some((c) => c.url.pathname === ADOPT_SAME_PATH)).toBe(false);
    // Adopted meanwhile in another tab: the server refuses, naming the section.
    server.courses[0]!.sections[0]!.adoptionStatus = 'ADOPTED';
    await user.click(within(dialog).getByRole('checkbox', { name: 'Section 001 · Fall 2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adopt for 1 section' }));
    expect(
      await within(dialog).findByText(/Section 001 \(Fall 2026\) already has an adoption/),
    ).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there are no sections', async () => {
    const server = new FakeMyCoursesServer();
    server.courses = [];
    renderMyCourses(server);
    expect(await screen.findByText('You have no sections in the coming terms.')).toBeVisible();
  });

  it('offers a retry when the list cannot be read', async () => {
    const server = new FakeMyCoursesServer();
    server.fail = { status: 503, message: 'The database is busy.' };
    const user = userEvent.setup();
    renderMyCourses(server);
    expect(
      await screen.findByText(/Could not load your courses: The database is busy\./),
    ).toBeVisible();
    server.fail = null;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('article', { name: /BIO 101/ })).toBeVisible();
  });

  it('sends a signed-out visitor to sign in, and back to My courses afterwards', async () => {
    const server = new FakeMyCoursesServer();
    const { router } = renderApp('/my-courses', {
      session: sessionResponse({ actions: ['ADOPT_INSTRUCTOR'] }),
      handlers: server.handlers(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fmy-courses');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/user name/i), 'pat@example.edu');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-courses');
  });

  it('has a name for every control', async () => {
    await openPage();
    for (const control of document.querySelectorAll('main a, main button')) {
      expect(control).toHaveAccessibleName();
    }
  });
});
