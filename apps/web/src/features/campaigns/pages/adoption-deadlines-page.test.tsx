import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import {
  DEADLINES_PATH,
  FakeDeadlinesServer,
  LAW_FALL,
  callsTo,
  renderDeadlines,
  termDeadlinePath,
} from '../../../test/campaigns/deadlines-fake-server.ts';

const term = (name: string) => screen.getByRole('article', { name });
const dateField = (termName: string) =>
  screen.getByLabelText(`Deadline for ${termName}`, { selector: 'input' });
const chipsOf = (termName: string) =>
  within(within(term(termName)).getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function openPage(server = new FakeDeadlinesServer()) {
  const view = renderDeadlines(server);
  await screen.findByRole('article', { name: 'Fall 2026' });
  return { ...view, server, user: userEvent.setup() };
}

/** A native date field takes a whole day at once, as the browser's picker gives it. */
const pickDay = (input: HTMLElement, day: string) =>
  fireEvent.change(input, { target: { value: day } });

describe('Adoption deadlines', () => {
  it('lists each term with its dates, deadline, and sections by standing', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Adoption deadlines' })).toBeVisible();
    expect(
      screen.getByText(/on time when its first adoption is submitted on or before/),
    ).toBeVisible();
    const fall = term('Fall 2026');
    expect(within(fall).getByRole('heading', { level: 2, name: 'Fall 2026' })).toBeVisible();
    expect(
      within(fall).getByText('08/24/2026 – 12/18/2026 · Adoptions due by 07/15/2026 (passed)'),
    ).toBeVisible();
    expect(within(fall).getByText('6 sections:')).toBeVisible();
    expect(chipsOf('Fall 2026')).toEqual([
      'On time: 2',
      'Late: 1',
      'Missing: 3',
      'Not adopted yet: 0',
    ]);
    expect(dateField('Fall 2026')).toHaveValue('2026-07-15');

    const spring = term('Spring 2027');
    expect(within(spring).getByText(/No deadline set/)).toBeVisible();
    expect(chipsOf('Spring 2027')).toEqual([
      'On time: 1',
      'Late: 0',
      'Missing: 0',
      'Not adopted yet: 3',
    ]);
    expect(dateField('Spring 2027')).toHaveValue('');
    // A campaign counts from the deadline: only a term with one links to its campaign.
    expect(within(fall).getByRole('link', { name: 'Campaign for Fall 2026' })).toHaveAttribute(
      'href',
      '/campaigns/deadlines/31/campaign',
    );
    expect(within(spring).queryByRole('link')).not.toBeInTheDocument();
    // Nothing to clear on a term without a deadline.
    expect(
      within(spring).getByRole('button', { name: 'Clear deadline for Spring 2027' }),
    ).toBeDisabled();
    // One division: no division headings.
    expect(screen.queryByRole('heading', { name: 'Main Campus' })).not.toBeInTheDocument();
    for (const control of document.querySelectorAll('main input, main button')) {
      expect(control).toHaveAccessibleName();
    }
  });

  it('saves a day with a PUT of that day, and shows the term as the server answers it', async () => {
    const { user, calls } = await openPage();
    pickDay(dateField('Spring 2027'), '2026-07-05');
    await user.click(screen.getByRole('button', { name: 'Save deadline for Spring 2027' }));
    const spring = term('Spring 2027');
    expect(await within(spring).findByRole('status')).toHaveTextContent(
      'Deadline saved: 07/05/2026.',
    );
    expect(callsTo(calls, 'PUT', termDeadlinePath(32)).map((c) => c.body)).toEqual([
      { deadline: '2026-07-05' },
    ]);
    // The answer's counts: the adoption of 07/10 is late now, the rest missing.
    expect(within(spring).getByText(/Adoptions due by 07\/05\/2026 \(passed\)/)).toBeVisible();
    expect(chipsOf('Spring 2027')).toEqual([
      'On time: 0',
      'Late: 1',
      'Missing: 3',
      'Not adopted yet: 0',
    ]);
    expect(dateField('Spring 2027')).toHaveValue('2026-07-05');
    expect(callsTo(calls, 'GET', DEADLINES_PATH)).toHaveLength(1);
  });

  it('clears a deadline with a PUT of null', async () => {
    const { user, calls } = await openPage();
    const fall = term('Fall 2026');
    await user.click(within(fall).getByRole('button', { name: 'Clear deadline for Fall 2026' }));
    expect(await within(fall).findByRole('status')).toHaveTextContent('Deadline cleared.');
    expect(callsTo(calls, 'PUT', termDeadlinePath(31)).map((c) => c.body)).toEqual([
      { deadline: null },
    ]);
    expect(dateField('Fall 2026')).toHaveValue('');
    expect(within(fall).getByText(/No deadline set/)).toBeVisible();
    expect(chipsOf('Fall 2026')).toEqual([
      'On time: 3',
      'Late: 0',
      'Missing: 0',
      'Not adopted yet: 3',
    ]);
    expect(
      within(fall).getByRole('button', { name: 'Clear deadline for Fall 2026' }),
    ).toBeDisabled();
  });

  it('shows the server’s refusal of a day after the term under the field, and keeps the day', async () => {
    const { user } = await openPage();
    const field = dateField('Fall 2026');
    pickDay(field, '2027-01-10');
    await user.click(screen.getByRole('button', { name: 'Save deadline for Fall 2026' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription("Must be on or before the term's last day"),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('2027-01-10');
    expect(within(term('Fall 2026')).queryByRole('status')).not.toBeInTheDocument();
    expect(within(term('Fall 2026')).getByText(/Adoptions due by 07\/15\/2026/)).toBeVisible();
  });

  it('asks for a whole day before saving, without a call', async () => {
    const { user, calls } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save deadline for Spring 2027' }));
    expect(
      await within(term('Spring 2027')).findByText(
        /Choose a day\. To remove the deadline, use Clear\./,
      ),
    ).toBeVisible();
    expect(callsTo(calls, 'PUT', termDeadlinePath(32))).toHaveLength(0);
  });

  it('heads each division when the caller manages several', async () => {
    const server = new FakeDeadlinesServer();
    server.terms.push(structuredClone(LAW_FALL));
    await openPage(server);
    const law = screen.getByRole('region', { name: 'School of Law' });
    expect(within(law).getByRole('heading', { level: 3, name: 'Law Fall 2026' })).toBeVisible();
    const main = screen.getByRole('region', { name: 'Main Campus' });
    expect(
      within(main)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Fall 2026', 'Spring 2027']);
    // Two divisions may each have a "Fall 2026": the controls name the division too.
    expect(dateField('Fall 2026, Main Campus')).toHaveValue('2026-07-15');
    expect(
      within(law).getByRole('button', { name: 'Save deadline for Law Fall 2026, School of Law' }),
    ).toBeEnabled();
  });

  it('says so when no term is coming up', async () => {
    const server = new FakeDeadlinesServer();
    server.terms = [];
    renderDeadlines(server);
    expect(
      await screen.findByText('No terms are coming up in the divisions you manage.'),
    ).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers Try again when the list could not load', async () => {
    const server = new FakeDeadlinesServer();
    let failures = 2;
    const { calls } = renderDeadlines(server, {
      handlers: {
        // A 503 is asked once more by itself (retryUnlessRefused): two failures reach the screen.
        [`GET ${DEADLINES_PATH}`]: () =>
          failures-- > 0
            ? json(503, { message: 'The database is not reachable. Try again shortly.' })
            : json(200, server.answer()),
      },
    });
    const alert = await screen.findByText(/Could not load the adoption deadlines/);
    expect(alert).toHaveTextContent('The database is not reachable. Try again shortly.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Fall 2026' })).toBeVisible();
    expect(callsTo(calls, 'GET', DEADLINES_PATH)).toHaveLength(3);
  });

  it('is refused by the guard without MANAGE_ADOPTION_CAMPAIGNS, with no call', async () => {
    const { router, calls } = renderDeadlines(new FakeDeadlinesServer(), {
      actions: ['ADOPT_CMA_TEAM'],
    });
    expect(await screen.findByText('You do not have permission to view that page.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(callsTo(calls, 'GET', DEADLINES_PATH)).toHaveLength(0);
  });

  it('sits in the drawer after Adopt and Rollover, and opens the page', async () => {
    screenWidth(1280);
    renderDeadlines(new FakeDeadlinesServer(), {
      actions: ['ADOPT_CMA_TEAM', 'MANAGE_ADOPTION_CAMPAIGNS'],
      path: '/help',
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Adoption deadlines' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    const afterAdopt = links.indexOf('Adopt') + 1;
    expect(links.slice(afterAdopt, afterAdopt + 2)).toEqual(['Rollover', 'Adoption deadlines']);
    await userEvent.setup().click(link);
    expect(await screen.findByRole('article', { name: 'Fall 2026' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Adoption deadlines - Springfield University'));
  });
});
