import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { NMR_LEGEND } from './course-cells.tsx';
import {
  callsTo,
  course,
  lastListBody,
  renderCourseList,
  screenWidth,
} from '../../../test/adoption/courses-fake-server.ts';

// The first visit loads the lazy page, MUI and the data grid, which takes a while in jsdom.

const grid = () => screen.findByRole('grid', { name: 'Courses' });
const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('link', { name }).closest('[role="row"]') as HTMLElement;

beforeEach(() => screenWidth(1280));

// The data grid renders slowly in jsdom; a few tests here render it several times.
describe('Course list: the list', { timeout: 20_000 }, () => {
  it('asks for the first page, soonest start first, with the standard filters', async () => {
    const { calls } = renderCourseList();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Adopt Course Materials' }),
    ).toBeInTheDocument();
    await within(await grid()).findByRole('link', { name: 'BIOL 101' });
    expect(lastListBody(calls)).toEqual({
      actionType: 'ALL_COURSES',
      open: true,
      page: 1,
      coursesPerPage: 20,
      sortField: 'nextStartDate',
      sortDirection: 'asc',
    });
    expect(screen.getByText('25 courses match these filters')).toBeInTheDocument();
    expect(within(await grid()).getAllByRole('row')).toHaveLength(21);
  });

  it('shows adoption as Y or N with a spoken label, Pending starts and responses needed', async () => {
    // By name, so the course with no dated section yet (PENDING, last by date) is on page 1.
    renderCourseList('/adopt?sort=courseName');
    const table = await grid();
    await within(table).findByRole('link', { name: 'BIOL 101' });

    const adopted = row(table, 'BIOL 101');
    expect(adopted).toHaveTextContent('General Biology');
    expect(adopted).toHaveTextContent('08/24/2026');
    expect(within(adopted).getByText('Y')).toBeVisible();
    expect(within(adopted).getByText('Adopted: yes')).toBeInTheDocument();
    expect(within(adopted).getByText('Not required')).toBeInTheDocument();

    const needsResponse = row(table, 'BIOL 230');
    expect(within(needsResponse).getByText('N')).toBeVisible();
    expect(within(needsResponse).getByText('Adopted: no')).toBeInTheDocument();
    expect(within(needsResponse).getByText('Required')).toBeVisible();

    expect(row(table, 'CHEM 110')).toHaveTextContent('Pending');
    expect(row(table, 'BIOL 101')).toHaveTextContent('3 (3 adopted)');
  });

  it('shows sections that need no text as NMR, as course detail does, not as adopted', async () => {
    const courses = [
      course(1, 'BIOL', '101', 'General Biology', { adoptedSectionCount: 2 }),
      // Its one section is marked no text required: the server counts it among the adopted.
      course(5, 'BIOL', '150', 'Field Biology', {
        sectionCount: 1,
        adoptedSectionCount: 1,
        noTextRequiredSectionCount: 1,
        adoptionStatus: 'complete',
      }),
      course(6, 'BIOL', '160', 'Marine Biology', {
        sectionCount: 3,
        adoptedSectionCount: 2,
        noTextRequiredSectionCount: 1,
      }),
    ];
    renderCourseList('/adopt', {
      handlers: {
        'POST /app-rest/adoption/v1/7/getCourseList': () =>
          json(200, { courseDTOList: courses, recordCount: courses.length }),
      },
    });
    const table = await grid();
    await within(table).findByRole('link', { name: 'BIOL 150' });

    const allNmr = row(table, 'BIOL 150');
    expect(allNmr).toHaveTextContent('1 (NMR)');
    expect(allNmr).not.toHaveTextContent('adopted)');
    expect(within(allNmr).getByText('NMR')).toHaveAttribute('title', 'No material required');
    expect(row(table, 'BIOL 160')).toHaveTextContent('3 (1 adopted, 1 NMR)');
    expect(row(table, 'BIOL 101')).toHaveTextContent('3 (2 adopted)');
    expect(screen.getByText(NMR_LEGEND)).toBeVisible();
  });

  it('says no NMR legend when no course on the page needs it', async () => {
    renderCourseList();
    await within(await grid()).findByRole('link', { name: 'BIOL 101' });
    expect(screen.queryByText(NMR_LEGEND)).not.toBeInTheDocument();
  });

  it("agrees the count line's verb with one course or many", async () => {
    renderCourseList('/adopt?division=1&department=BIOL&course=101');
    expect(await screen.findByText('1 course matches these filters')).toBeInTheDocument();
    expect(screen.queryByText(/1 course match /)).not.toBeInTheDocument();
    cleanup();

    renderCourseList('/adopt?division=1&department=BIOL');
    expect(await screen.findByText('2 courses match these filters')).toBeInTheDocument();
  });

  it('keeps the columns that fit: all of them on a wide screen, fewer on a tablet', async () => {
    const headers = async () =>
      within(await grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    renderCourseList();
    await within(await grid()).findByRole('link', { name: 'BIOL 101' });
    expect(await headers()).toEqual([
      'Course',
      'Course name',
      'Department',
      'Division',
      'Next start',
      'Sections',
      'Adopted',
      'Response',
    ]);
    cleanup();

    screenWidth(1024);
    renderCourseList();
    await within(await grid()).findByRole('link', { name: 'BIOL 101' });
    expect(await headers()).toEqual(['Course', 'Course name', 'Starts', 'Adopted', 'Response']);
  });

  it('links each course code to its detail page', async () => {
    const { router } = renderCourseList();
    const table = await grid();
    const link = await within(table).findByRole('link', { name: 'CONL 500' });
    expect(link).toHaveAttribute('href', '/adopt/course/2/CONL/500');
    expect(row(table, 'CONL 500')).toHaveTextContent('School of Law');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/adopt/course/2/CONL/500'));
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const { router, calls } = renderCourseList();
    const table = await grid();
    await within(table).findByRole('link', { name: 'BIOL 101' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await within(table).findByRole('link', { name: 'CHEM 220' });
    expect(lastListBody(calls)).toMatchObject({ page: 2, coursesPerPage: 20 });
    expect(within(table).queryByRole('link', { name: 'BIOL 101' })).not.toBeInTheDocument();
  });

  it('sorts any column on the server, both ways, and a sort goes back to page 1', async () => {
    const { router, calls } = renderCourseList('/adopt?page=2');
    const table = await grid();
    await within(table).findByRole('link', { name: 'CHEM 220' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('columnheader', { name: /Course name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=courseName'));
    expect(lastListBody(calls)).toMatchObject({
      sortField: 'courseName',
      sortDirection: 'asc',
      page: 1,
    });
    await user.click(within(table).getByRole('columnheader', { name: /Course name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=courseName&dir=desc'));
    expect(lastListBody(calls)).toMatchObject({ sortField: 'courseName', sortDirection: 'desc' });
    expect(within(table).getByRole('columnheader', { name: /Course name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('says when nothing matches, with a way back to every course', async () => {
    const { router } = renderCourseList(
      '/adopt?action=ADOPTED&division=2&sort=courseName&dir=desc',
      {
        handlers: {
          'POST /app-rest/adoption/v1/7/getCourseList': () =>
            json(200, { courseDTOList: [], recordCount: 0 }),
        },
      },
    );
    expect(await screen.findByText(COURSE_LIST_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByText(COURSE_LIST_MESSAGES.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all courses' }));
    // Every filter goes; the clerk's sort stays.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=courseName&dir=desc'));
  });

  it("says 'Error while searching' for a failed search, and retries", async () => {
    let fail = true;
    const { calls } = renderCourseList('/adopt?q=biology', {
      handlers: {
        'POST /app-rest/adoption/v1/7/getCourseList': () =>
          fail
            ? json(400, { message: 'searchString must be at most 100 characters' })
            : json(200, { courseDTOList: [], recordCount: 0 }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COURSE_LIST_MESSAGES.searchFailed);
    expect(alert).toHaveTextContent('searchString must be at most 100 characters');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(COURSE_LIST_MESSAGES.empty)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'getCourseList')).toHaveLength(2);
  });

  it('gives the default message when a filtered list fails', async () => {
    renderCourseList('/adopt?division=1', {
      handlers: {
        'POST /app-rest/adoption/v1/7/getCourseList': () =>
          json(500, { message: 'An unexpected error occurred.' }),
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('An unexpected error occurred.');
    expect(alert).not.toHaveTextContent(COURSE_LIST_MESSAGES.searchFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('explains a refusal instead of offering a retry that cannot help', async () => {
    renderCourseList('/adopt', {
      handlers: {
        'POST /app-rest/adoption/v1/7/getCourseList': () =>
          json(403, { message: 'You may not adopt course materials.' }),
      },
    });
    expect(await screen.findByText(COURSE_LIST_MESSAGES.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
