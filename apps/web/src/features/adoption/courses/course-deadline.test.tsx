import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  lastListBody,
  renderCourseList,
  screenWidth,
} from '../../../test/adoption/courses-fake-server.ts';

const params = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));
/** The grid row of a course, by its code link. */
const rowOf = async (code: string) =>
  (await screen.findByRole('link', { name: code })).closest('[role="row"]') as HTMLElement;

// Issue 30: the catalog says how many of a course's sections are late or missing against their
// term's adoption deadline, and lists only the courses with a section in a standing.
describe('Course list: the deadline standing', { timeout: 20_000 }, () => {
  it('shows a course’s missing and late sections under its counts, and nothing when none', async () => {
    screenWidth(1280);
    renderCourseList();
    expect(within(await rowOf('BIOL 230')).getByText('2 missing')).toBeVisible();
    expect(within(await rowOf('BIOL 230')).getByText(/1 late/)).toBeVisible();
    expect(within(await rowOf('BIOL 101')).queryByText(/missing|late/)).not.toBeInTheDocument();
  });

  it('keeps the figures on a phone, under the course name', async () => {
    screenWidth(390);
    renderCourseList();
    expect(within(await rowOf('BIOL 230')).getByText('2 missing')).toBeVisible();
  });

  it('filters by a standing: sent as deadlineStatus, kept in the URL, cleared with the rest', async () => {
    screenWidth(1280);
    const { router, calls } = renderCourseList();
    await rowOf('BIOL 101');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Deadline'), 'A section missing');
    await waitFor(() => expect(params(router.state.location)).toEqual({ deadline: 'MISSING' }));
    await waitFor(() => expect(lastListBody(calls)).toMatchObject({ deadlineStatus: 'MISSING' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'BIOL 101' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'BIOL 230' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListBody(calls)).not.toHaveProperty('deadlineStatus'));
  });
});
