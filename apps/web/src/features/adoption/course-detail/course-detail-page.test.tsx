import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import {
  BASE,
  CELL_BIOLOGY,
  COURSE,
  COURSE_PATH,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

const COURSE_BASE = `${BASE}/1/BIOL/101`;

async function openCourse(options: Parameters<typeof renderCourse>[1] = {}) {
  const view = renderCourse(COURSE_PATH, options);
  await screen.findByRole('heading', { level: 1, name: 'Introduction to Biology' });
  return view;
}

function list(name: RegExp) {
  return screen.getByRole('region', { name });
}

describe('Course detail: what the course is', () => {
  it('heads the page with the course name, code, division, next start and status', async () => {
    await openCourse();
    const facts = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(facts).getByText('BIOL 101')).toBeInTheDocument();
    expect(within(facts).getByText('Main Campus')).toBeInTheDocument();
    expect(within(facts).getByText('01/12/2027')).toBeInTheDocument();
    // docs/behaviour/constants.md: 'complete' is Y, anything else N.
    expect(within(facts).getByText('Adoption complete').nextSibling).toHaveTextContent(/^N$/);
  });

  it('still finds the header of a course whose sections have all ended', async () => {
    const { calls } = await openCourse({
      handlers: {
        [`POST ${BASE}/getCourseList`]: (req) =>
          json(
            200,
            (req.body as { open: boolean }).open
              ? { courseDTOList: [], recordCount: 0 }
              : { courseDTOList: [{ ...COURSE, nextStartDate: 'PENDING' }], recordCount: 1 },
          ),
      },
    });
    const lookups = calls.filter((c) => c.url.pathname === `${BASE}/getCourseList`);
    expect(lookups.map((c) => (c.body as { open: boolean }).open)).toEqual([true, false]);
    expect(lookups[0]?.body).toMatchObject({
      divisionId: 1,
      departmentCode: 'BIOL',
      courseCode: '101',
    });
    expect(screen.getByText('Next start').nextSibling).toHaveTextContent('Pending');
  });

  it('lists the sections with MM/DD/YYYY dates, and NMR where the one listing needs no text', async () => {
    await openCourse();
    const table = await screen.findByRole('table', { name: /Sections/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [ntr, a2, spring] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(ntr).getByText('NMR')).toHaveAttribute('title', 'No material required');
    expect(within(a2).getByText('2')).toBeInTheDocument();
    expect(within(a2).queryByText('NMR')).not.toBeInTheDocument();
    expect(a2).toHaveTextContent('09/11/2026 to 12/12/2026');
    expect(a2).toHaveTextContent('Lucia Tanaka, Jin Walker');
    expect(a2).toHaveTextContent('No orders');
    // A count of one that is not a no-text record stays a number.
    expect(within(spring).getByText('1')).toBeInTheDocument();
    expect(spring).toHaveTextContent('Spring 2027');
    expect(spring).toHaveTextContent('50%');
  });
});

describe('Course detail: the adoption lists', () => {
  it('lists adoptions needing a response, and every adoption under its type', async () => {
    await openCourse();
    const response = list(/Needing a response/);
    expect(within(response).getByRole('heading', { name: 'Needing a response (1)' })).toBeVisible();
    expect(within(response).getByRole('article', { name: 'Lab Notebook' })).toBeInTheDocument();

    // Waiting for a response, Lab Notebook is still one of the section adoptions.
    const section = list(/Section adoptions/);
    expect(within(section).getByRole('heading', { name: 'Section adoptions (3)' })).toBeVisible();
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    expect(within(section).getByRole('article', { name: 'Cell Biology' })).toBeInTheDocument();
    expect(
      within(section).getByRole('article', { name: 'No course materials required' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('article', { name: 'Lab Notebook' })).toHaveTextContent(
      'Also listed under Needing a response.',
    );

    const course = list(/Course adoptions/);
    expect(
      within(course).getByRole('article', { name: 'Open Biology Reader' }),
    ).toBeInTheDocument();
  });

  it('shows a card with its cover placeholder, ISBN, flags, dates and sections', async () => {
    await openCourse();
    const card = screen.getByRole('article', { name: 'Cell Biology' });
    expect(
      within(card).getByRole('img', { name: 'No cover image for Cell Biology' }),
    ).toHaveTextContent('CB');
    expect(card).toHaveTextContent('978-0-944900-54-3');
    expect(card).toHaveTextContent('Henry Gomez');
    expect(card).toHaveTextContent('3rd');
    expect(card).toHaveTextContent('LexisNexis');
    const flags = within(card).getByRole('list', { name: 'Flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Section adoption',
      'Required',
      'Bind-in component',
      'Flexible on edition',
      'Inclusive access (LexisNexis)',
    ]);
    expect(card).toHaveTextContent('08/25/2026 to 05/08/2027');
    // Section codes repeat by term, so the term tells them apart.
    expect(card).toHaveTextContent('A2 (Fall 2026), A1 (Spring 2027)');
    // HISTORY, the fake's history of every adoption, has one message.
    await waitFor(() => expect(card).toHaveTextContent('Messages:1 message'));
  });

  it('shows a proposed title as proposed, with its own details', async () => {
    await openCourse();
    const card = within(list(/Needing a response/)).getByRole('article', { name: 'Lab Notebook' });
    expect(within(card).getByText('Proposed title')).toBeInTheDocument();
    expect(within(card).getByText('Optional')).toBeInTheDocument();
    expect(within(card).getByText('Print only')).toBeInTheDocument();
    expect(card).toHaveTextContent('Macmillan Learning');
    expect(card).toHaveTextContent('Latest');
    expect(card).toHaveTextContent('Response required');
    expect(card).not.toHaveTextContent('ISBN-13');
  });

  it('puts a generated cover in place of a cover image that fails to load', async () => {
    const withImage = { ...CELL_BIOLOGY };
    withImage.title = withImage.title && {
      ...withImage.title,
      bookImageUrl: '/covers/missing.jpg',
    };
    await openCourse({ adoptions: [withImage] });
    const cover = screen.getByRole('img', { name: 'Cover of Cell Biology' });
    cover.dispatchEvent(new Event('error'));
    expect(
      await screen.findByRole('img', { name: 'No cover image for Cell Biology' }),
    ).toBeInTheDocument();
  });

  it("says 'No adoptions yet for this course' when it has none", async () => {
    await openCourse({ adoptions: [] });
    expect(await screen.findByText(M.noAdoptions)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('Course detail: when something is missing or fails', () => {
  it('answers a course outside the scope with a not-found page and a way back', async () => {
    renderCourse(COURSE_PATH, { courseActions: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: M.notFoundHeading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course catalog' })).toHaveAttribute(
      'href',
      '/adopt',
    );
    expect(screen.queryByRole('button', { name: /Remove|Edit/ })).not.toBeInTheDocument();
  });

  it('answers a link with no real division with the not-found page, without asking', async () => {
    const { calls } = renderCourse('/adopt/course/abc/BIOL/101');
    expect(await screen.findByRole('heading', { name: M.notFoundHeading })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('/adoption/'))).toBe(false);
  });

  it("says 'Unable to load section data.' when the sections fail", async () => {
    await openCourse({
      handlers: { [`GET ${COURSE_BASE}/getSectionsByDivisionAndCourse`]: () => json(500, {}) },
    });
    expect(await screen.findByText(M.sectionsFailed)).toBeInTheDocument();
  });

  it("falls back to 'An unexpected error occurred.' when the adoptions fail without a message", async () => {
    await openCourse({
      handlers: { [`GET ${COURSE_BASE}/getAdoptionMaterials`]: () => json(500, {}) },
    });
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });
});

describe('Course detail: previous adoptions', () => {
  it("lists the caller's and others' adoptions of the last 1825 days", async () => {
    const { calls, user } = await openWithUser();
    const previous = calls.find((c) => c.url.pathname.endsWith('/getAdoptionMaterialHistory'));
    expect(previous?.url.searchParams.get('startDateThreshold')).toBe('1825');
    await user.click(screen.getByRole('button', { name: /Previous adoptions \(5\)/ }));
    const mine = screen.getByRole('region', { name: 'Your adoptions' });
    expect(mine).toHaveTextContent('Cell Biology, 2nd edition');
    expect(mine).toHaveTextContent('Ended');
    expect(screen.getByRole('region', { name: 'Other adoptions' })).toHaveTextContent(
      'Lab Notebook',
    );
  });

  it("says docs/behaviour/messages.md's 'Sorry, we do not have any previous adoptions for this course.' on a 404", async () => {
    const { user } = await openWithUser({
      handlers: {
        [`GET ${COURSE_BASE}/getAdoptionMaterialHistory`]: () =>
          json(404, { message: M.noPreviousAdoptions }),
      },
    });
    await user.click(screen.getByRole('button', { name: /Previous adoptions/ }));
    expect(await screen.findByText(M.noPreviousAdoptions)).toBeVisible();
  });

  it("says docs/behaviour/messages.md's 'Unable to load Previous Adoptions.' on any other failure", async () => {
    const { user } = await openWithUser({
      handlers: {
        [`GET ${COURSE_BASE}/getAdoptionMaterialHistory`]: () =>
          json(500, { message: 'database down' }),
      },
    });
    await user.click(screen.getByRole('button', { name: /Previous adoptions/ }));
    expect(await screen.findByText(M.previousAdoptionsFailed)).toBeVisible();
    expect(screen.queryByText('database down')).not.toBeInTheDocument();
  });
});

async function openWithUser(options: Parameters<typeof renderCourse>[1] = {}) {
  const view = await openCourse(options);
  // Wait for the previous adoptions to settle (their count shows in the panel's title).
  await screen.findByRole('button', { name: /Previous adoptions/ });
  return { ...view, user: userEvent.setup() };
}
