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

// Issue 31: each course's textbook cost over its counted sections, and a filter by designation.
describe('Course list: textbook cost', { timeout: 20_000 }, () => {
  it('marks a course ZTC or LTC when every section is, "Some sections" when some are', async () => {
    screenWidth(1280);
    renderCourseList();
    const mark = async (code: string) => within(await rowOf(code)).queryByTitle(/textbook cost/);
    expect(await mark('BIOL 101')).toHaveTextContent(
      'ZTCTextbook cost: 3 of 3 sections zero textbook cost',
    );
    expect(await mark('BIOL 230')).toHaveTextContent(
      'Some sections ZTCTextbook cost: 1 of 3 sections zero textbook cost, 1 low textbook cost',
    );
    expect(await mark('CONL 500')).toHaveTextContent(/^LTC/);
    expect(await mark('CHEM 200')).toBeNull();
  });

  it('keeps the mark on a phone, under the course name', async () => {
    screenWidth(390);
    renderCourseList();
    expect(within(await rowOf('BIOL 101')).getByTitle(/textbook cost/)).toHaveTextContent(/^ZTC/);
  });

  it('filters by a designation: sent as costDesignation, kept in the URL, cleared with the rest', async () => {
    screenWidth(1280);
    const { router, calls } = renderCourseList();
    await rowOf('BIOL 101');
    const user = userEvent.setup();
    const field = screen.getByLabelText('Textbook cost');
    expect(
      within(field)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'A section ZTC', 'A section LTC', 'A section with no designation']);
    await user.selectOptions(field, 'A section LTC');
    await waitFor(() => expect(params(router.state.location)).toEqual({ cost: 'LTC' }));
    await waitFor(() => expect(lastListBody(calls)).toMatchObject({ costDesignation: 'LTC' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'BIOL 101' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'CONL 500' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListBody(calls)).not.toHaveProperty('costDesignation'));
  });

  it('leaves the filter out while a search overrides the filters', async () => {
    screenWidth(1280);
    const { calls } = renderCourseList('/adopt?cost=ZTC&q=biol');
    await rowOf('BIOL 101');
    expect(screen.getByLabelText('Textbook cost')).toBeDisabled();
    expect(lastListBody(calls)).not.toHaveProperty('costDesignation');
  });
});
