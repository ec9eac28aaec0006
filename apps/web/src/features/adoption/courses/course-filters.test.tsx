import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { dateWindow } from './course-list-url-state.ts';
import {
  callsTo,
  lastListBody,
  renderCourseList,
  screenWidth,
} from '../../../test/adoption/courses-fake-server.ts';

const firstRow = () => screen.findByRole('link', { name: 'BIOL 101' });
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const search = (location: { search: string }) => new URLSearchParams(location.search);

describe('Course list: filters and search', { timeout: 20_000 }, () => {
  it('narrows division, then department, then course, each in the URL and the request', async () => {
    screenWidth(1280);
    const { router, calls } = renderCourseList();
    await firstRow();
    const user = userEvent.setup();

    // docs/behaviour/validation.md: departments load only once a division is chosen, courses once a department is.
    expect(select('Department')).toBeDisabled();
    expect(select('Course')).toBeDisabled();
    expect(callsTo(calls, 'GET', 'getAdoptionDepartments')).toHaveLength(0);

    await user.selectOptions(select('Division'), 'Main Campus');
    await waitFor(() => expect(router.state.location.search).toBe('?division=1'));
    await waitFor(() => expect(select('Department')).toBeEnabled());
    expect(callsTo(calls, 'GET', 'getAdoptionCourses')).toHaveLength(0);

    await user.selectOptions(select('Department'), 'BIOL - Biology');
    await waitFor(() => expect(select('Course')).toBeEnabled());
    await user.selectOptions(select('Course'), '101 - General Biology');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?division=1&department=BIOL&course=101'),
    );
    await waitFor(() =>
      expect(lastListBody(calls)).toMatchObject({
        divisionId: 1,
        departmentCode: 'BIOL',
        courseCode: '101',
      }),
    );
    await waitFor(() => expect(screen.getByText('1 course matches these filters')).toBeVisible());

    // A new division clears the levels below it.
    await user.selectOptions(select('Division'), 'School of Law');
    await waitFor(() => expect(router.state.location.search).toBe('?division=2'));
    expect(select('Department')).toHaveValue('');
    expect(lastListBody(calls)).not.toHaveProperty('departmentCode');
  });

  it('applies the action type, the open-sections switch and the date range', async () => {
    screenWidth(1280);
    const { router, calls } = renderCourseList();
    await firstRow();
    const user = userEvent.setup();
    const standard = dateWindow({ from: '', to: '' });

    // docs/behaviour/constants.md defaults: open sections only, today to 187 days ahead.
    expect(screen.getByRole('switch', { name: 'Open sections only' })).toBeChecked();
    expect(screen.getByLabelText('Sections from')).toHaveValue(standard.from);
    expect(screen.getByLabelText('Sections until')).toHaveValue(standard.to);

    await user.selectOptions(select('Action type'), 'Adopted');
    await user.click(screen.getByRole('switch', { name: 'Open sections only' }));
    fireEvent.change(screen.getByLabelText('Sections until'), { target: { value: '2030-01-31' } });
    // An edited window is kept whole in the link, so it lists the same sections tomorrow.
    await waitFor(() =>
      expect(Object.fromEntries(search(router.state.location))).toEqual({
        action: 'ADOPTED',
        open: 'false',
        from: standard.from,
        to: '2030-01-31',
      }),
    );
    await waitFor(() =>
      expect(lastListBody(calls)).toEqual({
        actionType: 'ADOPTED',
        open: false,
        sectionStartDate: standard.from,
        sectionEndDate: '2030-01-31',
        page: 1,
        coursesPerPage: 20,
        sortField: 'nextStartDate',
        sortDirection: 'asc',
      }),
    );

    // A range the wrong way round is explained and not sent.
    const before = callsTo(calls, 'POST', 'getCourseList').length;
    fireEvent.change(screen.getByLabelText('Sections from'), { target: { value: '2031-01-01' } });
    expect(await screen.findByText('Must be on or after the “from” date.')).toBeVisible();
    expect(search(router.state.location).get('from')).toBe(standard.from);
    expect(callsTo(calls, 'POST', 'getCourseList')).toHaveLength(before);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Sections from')).toHaveValue(standard.from);
  });

  it('clears a half-typed date on reset, even over the standard window', async () => {
    screenWidth(1280);
    const { router } = renderCourseList('/adopt?action=ADOPTED');
    const user = userEvent.setup();
    const standard = dateWindow({ from: '', to: '' });
    fireEvent.change(await screen.findByLabelText('Sections from'), { target: { value: '' } });
    expect(await screen.findByText('Enter a date.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Enter a date.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Sections from')).toHaveValue(standard.from);
  });

  it('opens a shared link with its filters, sort and page in place', async () => {
    screenWidth(1280);
    const { calls } = renderCourseList(
      '/adopt?division=1&department=CHEM&action=NEEDS_ADOPTION&open=false&from=2026-06-01&sort=courseName&dir=desc&page=1',
    );
    await waitFor(() => expect(select('Department')).toHaveValue('CHEM'));
    expect(select('Division')).toHaveValue('1');
    expect(select('Action type')).toHaveValue('NEEDS_ADOPTION');
    expect(screen.getByRole('switch', { name: 'Open sections only' })).not.toBeChecked();
    expect(screen.getByLabelText('Sections from')).toHaveValue('2026-06-01');
    // One end alone keeps the 187-day window, as the server reads it.
    expect(screen.getByLabelText('Sections until')).toHaveValue('2026-12-05');
    expect(lastListBody(calls)).toEqual({
      actionType: 'NEEDS_ADOPTION',
      divisionId: 1,
      departmentCode: 'CHEM',
      open: false,
      sectionStartDate: '2026-06-01',
      page: 1,
      coursesPerPage: 20,
      sortField: 'courseName',
      sortDirection: 'desc',
    });
  });

  it('searches by code or name over the filters, and says the filters are not applied', async () => {
    screenWidth(1280);
    const { router, calls } = renderCourseList('/adopt?division=1&department=CHEM&action=ADOPTED');
    await waitFor(() => expect(select('Department')).toHaveValue('CHEM'));
    const user = userEvent.setup();
    const field = screen.getByRole('searchbox', { name: 'Search courses by code or name' });

    // docs/behaviour/validation.md: hyphens go from a search with digits.
    await user.type(field, 'BIOL-101{Enter}');
    await waitFor(() => expect(search(router.state.location).get('q')).toBe('BIOL101'));
    await waitFor(() =>
      expect(lastListBody(calls)).toEqual({
        searchString: 'BIOL101',
        page: 1,
        coursesPerPage: 20,
        sortField: 'nextStartDate',
        sortDirection: 'asc',
      }),
    );
    expect(await screen.findByText('1 course found')).toBeVisible();
    expect(screen.getByText(COURSE_LIST_MESSAGES.searchOverrides)).toBeVisible();
    expect(select('Division')).toBeDisabled();
    expect(select('Department')).toBeDisabled();
    expect(select('Action type')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Open sections only' })).toBeDisabled();
    expect(screen.getByLabelText('Sections from')).toBeDisabled();

    // A word of the name finds it too.
    await user.clear(field);
    await user.type(field, 'biology{Enter}');
    await waitFor(() => expect(lastListBody(calls)?.searchString).toBe('biology'));
    expect(await screen.findByRole('link', { name: 'BIOL 230' })).toBeVisible();

    // Clearing the search brings the filters back, as they were.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(search(router.state.location).get('q')).toBeNull());
    expect(select('Division')).toBeEnabled();
    expect(screen.queryByText(COURSE_LIST_MESSAGES.searchOverrides)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(lastListBody(calls)).toMatchObject({ divisionId: 1, departmentCode: 'CHEM' }),
    );
  });

  it('takes the search from the q parameter the phone top bar sends', async () => {
    screenWidth(360);
    const { router, calls } = renderCourseList('/adopt?q=BIOL230');
    expect(await screen.findByText('1 course found')).toBeVisible();
    expect(screen.getByText('“BIOL230”')).toBeVisible();
    expect(lastListBody(calls)?.searchString).toBe('BIOL230');
    // The top bar's search is the phone's search field; the page does not repeat it.
    expect(
      screen.queryByRole('searchbox', { name: 'Search courses by code or name' }),
    ).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('folds the filters on a phone and keeps the essential columns', async () => {
    screenWidth(360);
    renderCourseList('/adopt?division=1&open=false');
    const table = await screen.findByRole('grid', { name: 'Courses' });
    await within(table).findByRole('link', { name: 'BIOL 101' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course', 'Starts', 'Adopted']);
    expect(within(table).getByRole('row', { name: /BIOL 101/ })).toHaveTextContent(
      'General Biology',
    );

    const toggle = screen.getByRole('button', { name: /Filters \(2 set\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(select('Division')).toBeVisible());
  });
});
