import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sectionDateDefaults } from '@csp/contracts';
import { toApiDate } from '../../../lib/dates.ts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  answerSectionList,
  callsTo,
  lastListBody,
  renderResearch,
  screenWidth,
  sectionRow,
} from '../../../test/research/research-fake-server.ts';
import type { SectionListRequest } from '@csp/contracts';

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const params = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));
const firstLink = () => screen.findByRole('link', { name: 'BIOL 101 – S01' }, { timeout: 10_000 });

beforeEach(() => screenWidth(1280));

describe('Section research: the list', { timeout: 30_000 }, () => {
  it('opens with the spec defaults, none of them written to the URL', async () => {
    const { router, calls } = renderResearch();
    await firstLink();
    const standard = sectionDateDefaults(toApiDate(new Date()));
    expect(lastListBody(calls)).toEqual({
      sectionStartDate: standard.from,
      sectionEndDate: standard.to,
      sortField: 'startDate',
      sortDirection: 'desc',
      pageSize: 20,
      page: 1,
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Starts from')).toHaveValue(standard.from);
    expect(screen.getByLabelText('Starts until')).toHaveValue(standard.to);
    expect(screen.getByText('45 sections found')).toBeVisible();
    expect(screen.getByText('1–20 of 45')).toBeVisible();
    // The grid sorts on the server, start date descending by default.
    expect(screen.getByRole('columnheader', { name: /Start/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('reads a shared link back into every filter and the request; a term drops the default dates', async () => {
    const { calls } = renderResearch(
      '/research?division=1&term=10&department=100&course=1000&professor=6&status=OUTSTANDING&q=bio&sort=enrollmentCount&dir=asc',
      { handlers: { [`POST ${BASE}/sectionList`]: () => json(200, answerSectionList({}, [])) } },
    );
    await waitFor(() => expect(select('Course')).toHaveValue('1000'));
    expect(select('Division')).toHaveValue('1');
    expect(select('Term')).toHaveValue('10');
    expect(select('Department')).toHaveValue('100');
    expect(select('Adoption status')).toHaveValue('OUTSTANDING');
    expect(screen.getByRole('searchbox', { name: /Search course code/ })).toHaveValue('bio');
    // The professor of the link is asked for by id, so the field names them.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Professor' })).toHaveValue('Lopez, Ben'),
    );
    expect(callsTo(calls, 'GET', 'professors')[0]?.url.searchParams.get('professorId')).toBe('6');
    // With a term the standard window does not apply: the fields are empty, no dates are sent.
    expect(screen.getByLabelText('Starts from')).toHaveValue('');
    expect(lastListBody(calls)).toEqual({
      divisionId: 1,
      termId: 10,
      departmentId: 100,
      courseId: 1000,
      professorId: 6,
      adoptionStatus: 'OUTSTANDING',
      searchString: 'bio',
      sortField: 'enrollmentCount',
      sortDirection: 'asc',
      pageSize: 20,
      page: 1,
    });
    expect(await screen.findByText('No sections match these filters')).toBeVisible();
  });

  it('narrows division, term, department, course; a changed level clears those below it', async () => {
    const { router, calls } = renderResearch();
    await firstLink();
    const user = userEvent.setup();
    expect(select('Term')).toBeDisabled();
    expect(select('Department')).toBeDisabled();
    expect(callsTo(calls, 'GET', 'terms')).toHaveLength(0);

    await user.selectOptions(select('Division'), 'Main Campus');
    await waitFor(() => expect(select('Term')).toBeEnabled());
    await user.selectOptions(select('Term'), 'Fall 2026');
    await waitFor(() => expect(select('Department')).toBeEnabled());
    await user.selectOptions(select('Department'), 'BIOL - Biology');
    await waitFor(() => expect(select('Course')).toBeEnabled());
    await user.selectOptions(select('Course'), '101 - General Biology');
    await waitFor(() =>
      expect(params(router.state.location)).toEqual({
        division: '1',
        term: '10',
        department: '100',
        course: '1000',
      }),
    );
    expect(callsTo(calls, 'GET', 'courses').at(-1)?.url.searchParams.get('termId')).toBe('10');

    await user.selectOptions(select('Term'), 'Spring 2026');
    await waitFor(() =>
      expect(params(router.state.location)).toEqual({ division: '1', term: '11' }),
    );
    expect(select('Course')).toBeDisabled();
    await user.selectOptions(select('Division'), 'School of Law');
    await waitFor(() => expect(params(router.state.location)).toEqual({ division: '2' }));
    expect(select('Term')).toHaveValue('');
    await waitFor(() =>
      expect(lastListBody(calls)).toMatchObject({
        divisionId: 2,
        sectionStartDate: expect.any(String),
      }),
    );
    expect(lastListBody(calls)).not.toHaveProperty('termId');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('finds a professor by the server search and filters by them', async () => {
    const { router, calls } = renderResearch();
    await firstLink();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Professor' }), 'lo');
    // The options are the server's answer to what was typed, not a filter of an older list.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Lee, Ana' })).toBeNull());
    await user.click(await screen.findByRole('option', { name: 'Lopez, Ben' }));
    await waitFor(() => expect(params(router.state.location)).toEqual({ professor: '6' }));
    expect(lastListBody(calls)).toMatchObject({ professorId: 6 });
    expect(
      callsTo(calls, 'GET', 'professors').some((c) => c.url.searchParams.get('search') === 'lo'),
    ).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Professor' })).toHaveValue('Lopez, Ben');
  });

  it('pages by the cursors of pageInfo: next, last, previous and first', async () => {
    const { router, calls } = renderResearch();
    await firstLink();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–40 of 45')).toBeVisible();
    expect(params(router.state.location)).toEqual({ page: '2', after: 'c19' });
    expect(lastListBody(calls)).toMatchObject({ page: 2, after: 'c19' });
    expect(screen.getByRole('link', { name: 'BIOL 101 – S21' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('41–45 of 45')).toBeVisible();
    expect(params(router.state.location)).toEqual({ page: '3', last: 'true' });
    expect(lastListBody(calls)).toMatchObject({ page: 3, last: true });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const link = (n: number) => screen.queryByRole('link', { name: `BIOL 101 – S${n}` });
    expect(link(41)).toBeVisible();
    expect(link(45)).toBeVisible();
    expect(link(40)).toBeNull();

    // Back from the last page: the same rows 21-40 that Next showed.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('21–40 of 45')).toBeVisible();
    expect(params(router.state.location)).toEqual({ page: '2', before: 'c40' });
    expect(lastListBody(calls)).toMatchObject({ page: 2, before: 'c40' });
    expect(link(21)).toBeVisible();
    expect(link(40)).toBeVisible();
    expect(link(41)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('1–20 of 45')).toBeVisible();
    expect(router.state.location.search).toBe('');
    const body = lastListBody(calls);
    expect(body).not.toHaveProperty('after');
    expect(body).not.toHaveProperty('before');

    // A sort goes back to the first page, its cursor dropped.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('21–40 of 45');
    await user.selectOptions(select('Sort by'), 'Section code');
    await waitFor(() => expect(params(router.state.location)).toEqual({ sort: 'sectionCode' }));
    expect(lastListBody(calls)).toMatchObject({ sortField: 'sectionCode', page: 1 });
  });

  it('shows the adoptions count by the NMR rule and the two work statuses as chips', async () => {
    const rows = [
      sectionRow(1, { noTextRequired: true, listingCount: 1, adoptionStatus: 'NO_TEXT_REQUIRED' }),
      sectionRow(2, { listingCount: 1, adoptionStatus: 'OUTSTANDING' }),
      sectionRow(3, { listingCount: 0, adoptionStatus: 'NEEDS_INFORMATION' }),
    ];
    // The adoptions count has room beside the drawer from 1536 px (section-grid.tsx).
    screenWidth(1600);
    renderResearch('/research', {
      handlers: { [`POST ${BASE}/sectionList`]: () => json(200, answerSectionList({}, rows)) },
    });
    await firstLink();
    const cells = (id: number) =>
      within(
        screen
          .getByRole('link', { name: `BIOL 101 – S0${id}` })
          .closest('[role="row"]') as HTMLElement,
      );
    expect(cells(1).getByText('NMR')).toBeVisible();
    expect(cells(1).getByText('No text required').closest('.MuiChip-root')).toBeNull();
    expect(cells(2).getByText('1')).toBeVisible();
    expect(cells(2).getByText('Outstanding').closest('.MuiChip-root')).not.toBeNull();
    expect(
      cells(3).getByText('Additional Information Needed').closest('.MuiChip-root'),
    ).not.toBeNull();
    expect(cells(1).getByText('08/24/2026')).toBeVisible();
  });

  it("says 'Error while searching' and clears the results when a search fails", async () => {
    const { calls } = renderResearch('/research', {
      handlers: {
        [`POST ${BASE}/sectionList`]: (req) =>
          (req.body as SectionListRequest).adoptionStatus
            ? json(400, { message: 'adoptionStatus is not allowed today', field: 'adoptionStatus' })
            : json(200, answerSectionList(req.body as SectionListRequest)),
      },
    });
    await firstLink();
    await userEvent.setup().selectOptions(select('Adoption status'), 'Outstanding');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error while searching');
    expect(alert).toHaveTextContent('adoptionStatus is not allowed today');
    expect(screen.queryByRole('link', { name: 'BIOL 101 – S01' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(callsTo(calls, 'POST', 'sectionList').length).toBeGreaterThanOrEqual(2);
  });

  it('turns a date range the wrong way round into a message, not a request', async () => {
    const { router, calls } = renderResearch();
    await firstLink();
    const before = callsTo(calls, 'POST', 'sectionList').length;
    fireEvent.change(screen.getByLabelText('Starts from'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('Must be on or after “Starts from”.')).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(callsTo(calls, 'POST', 'sectionList')).toHaveLength(before);
    fireEvent.change(screen.getByLabelText('Starts until'), { target: { value: '2099-02-01' } });
    await waitFor(() =>
      expect(params(router.state.location)).toEqual({ from: '2099-01-01', to: '2099-02-01' }),
    );
  });
});
