import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LTI_REFUSALS } from '@csp/contracts';
import { FakeLtiServer, PEOPLES_LAUNCHES } from '../../../test/lti/registrations-fake-server.ts';
import { FakeStoreServer, renderStoreSettings } from '../../../test/store/store-fake-server.ts';
import { keepStyleRules } from '../../../test/style-rules.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

// The phone test reads whether the rows wrap, which only the style rules say (jsdom has no
// layout: the e2e's screenshot at 390 px shows the wrapped rows).
keepStyleRules();

/** The store settings' recent launches: the three people's launches, then an expired token. */
async function openLaunches() {
  const lti = new FakeLtiServer();
  lti.launches = [...PEOPLES_LAUNCHES, ...lti.launches];
  renderStoreSettings(new FakeStoreServer(), { handlers: lti.handlers() });
  const launches = await screen.findByRole('region', { name: T.launchesTitle });
  await within(launches).findByText(LTI_REFUSALS.expired);
  return { launches, user: userEvent.setup() };
}

const rows = (launches: HTMLElement) => within(launches).getAllByRole('listitem');

describe('the recent launches', () => {
  it('say who launched and which section the launch opened', async () => {
    const { launches } = await openLaunches();
    const [instructor, student, unknown, refusal] = rows(launches);
    expect(instructor).toHaveTextContent('Ines Instructor (ines.instructor@springfield.edu)');
    expect(instructor).toHaveTextContent('Canvas · instructor · CHEM-447-A1');
    expect(instructor).toHaveTextContent('Course: CHEM 447 section A1, Spring 2027');
    expect(student).toHaveTextContent('Sam Student, student');
    expect(student).toHaveTextContent('Course: BIOL 101 section 001, Fall 2026');
    expect(unknown).toHaveTextContent(
      'unknown person (platform id 8f3a0c1e-5b2d-4e6f-9a7b-0123456789abcdef0123456789)',
    );
    expect(unknown).toHaveTextContent(LTI_REFUSALS['no-role']);
    expect(unknown).not.toHaveTextContent('Course:');
    // Refused before the token was read: nobody to name.
    expect(refusal).toHaveTextContent(LTI_REFUSALS.expired);
    expect(refusal).not.toHaveTextContent(/person|student|\(/);
  });

  it('finds a person or a course among them, and says when none matches', async () => {
    const { launches, user } = await openLaunches();
    const find = within(launches).getByRole('searchbox', { name: T.launchesFind });

    await user.type(find, 'INES');
    expect(await within(launches).findByText(T.launchesMatching(1, 4))).toBeInTheDocument();
    expect(rows(launches)).toHaveLength(1);
    expect(rows(launches)[0]).toHaveTextContent('Ines Instructor');

    // The store's course label and the platform's both count: two launches name BIOL 101.
    await user.clear(find);
    await user.type(find, 'biol 101');
    expect(await within(launches).findByText(T.launchesMatching(2, 4))).toBeInTheDocument();
    expect(rows(launches).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sam Student'),
      expect.stringContaining(LTI_REFUSALS.expired),
    ]);

    await user.clear(find);
    await user.type(find, '8f3a0c1e');
    expect(await within(launches).findByText(T.launchesMatching(1, 4))).toBeInTheDocument();
    expect(rows(launches)[0]).toHaveTextContent('unknown person');

    await user.clear(find);
    await user.type(find, 'Nobody Here');
    expect(await within(launches).findByText(T.launchesNoMatch('Nobody Here'))).toBeInTheDocument();
    expect(within(launches).queryAllByRole('listitem')).toHaveLength(0);

    await user.clear(find);
    await vi.waitFor(() => expect(rows(launches)).toHaveLength(4));
  });

  it('wraps a row’s long names on a phone instead of running off the screen', async () => {
    const { launches } = await openLaunches();
    const [instructor, , unknown] = rows(launches);
    const person = within(unknown!).getByText(/^unknown person/);
    expect(getComputedStyle(person).overflowWrap).toBe('anywhere');
    const what = within(instructor!).getByText('Canvas · instructor · CHEM-447-A1');
    expect(getComputedStyle(what).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(what.parentElement!).flexWrap).toBe('wrap');
  });
});
