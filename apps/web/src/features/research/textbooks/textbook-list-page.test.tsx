import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  ListedTextbookTerm,
  TextbookCourse,
  TextbookDepartment,
  TextbookTerm,
} from '@csp/contracts';
import { storePasswordLogin } from '../../../lib/credential-storage.ts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { defaultTerm } from './textbook-queries.ts';

const BASE = '/app-rest/public/v1/textbooks';
const term = (
  termId: number,
  name: string,
  start: string,
  end: string,
  sectionCount = 10,
  divisionName = 'Main Campus',
): ListedTextbookTerm => ({
  termId,
  termName: name,
  divisionName,
  startDate: start,
  endDate: end,
  sectionCount,
});
const SPRING = term(11, 'Spring 2027', '2027-01-11', '2027-05-14');
// Long past and far ahead, so "today" in the test is always outside Spring and Fall is open.
const FALL = term(10, 'Fall 2026', '2020-08-24', '2099-12-18');
const OLD = term(9, 'Spring 2026', '2020-01-12', '2020-05-15');

const department = (id: number, code: string, name: string, count: number, answered: number) =>
  ({
    departmentId: id,
    departmentCode: code,
    departmentName: name,
    sectionCount: count,
    sectionsAnswered: answered,
    completenessPercent: Math.floor((answered * 100) / count),
  }) satisfies TextbookDepartment;
const BIO = department(3, 'BIO', 'Biology', 15, 12);
const CHEM = department(4, 'CHEM', 'Chemistry', 1, 0);

const BIO_COURSES: TextbookCourse[] = [
  {
    courseCode: '101',
    courseName: 'Intro Biology',
    sections: [
      {
        sectionId: 1,
        sectionCode: '001',
        professors: ['Ida Instructor'],
        startDate: '2026-08-24',
        status: 'MATERIALS',
        designation: 'NONE',
        requiredCostLowCents: 12995,
        requiredCostHighCents: 12995,
        materials: [
          {
            isbn: '9780134093413',
            title: 'Campbell Biology',
            author: 'Urry',
            publisher: 'Pearson',
            edition: '11',
            copyrightYear: 2016,
            required: true,
            prices: {
              newCents: 12995,
              usedCents: 9746,
              rentNewCents: 7147,
              rentUsedCents: 5198,
              digitalCents: 0,
            },
          },
          {
            isbn: null,
            title: 'Field Guide to Café Birds',
            author: 'Sibley',
            publisher: 'Knopf',
            edition: '',
            copyrightYear: null,
            required: false,
            prices: null,
          },
        ],
      },
      {
        sectionId: 2,
        sectionCode: '002',
        professors: [],
        startDate: '2026-08-24',
        status: 'NO_TEXT_REQUIRED',
        materials: [],
        designation: 'ZTC',
        requiredCostLowCents: 0,
        requiredCostHighCents: 0,
      },
      {
        sectionId: 3,
        sectionCode: '003',
        professors: ['Max Mentor'],
        startDate: '2026-08-24',
        status: 'TBD',
        materials: [],
        designation: 'NONE',
        requiredCostLowCents: null,
        requiredCostHighCents: null,
      },
    ],
  },
];

function termAnswer(t: TextbookTerm) {
  return {
    storeName: 'Store A',
    term: t,
    departments: [BIO, CHEM],
    sectionCount: 16,
    sectionsAnswered: 12,
    completenessPercent: 75,
    ltcThresholdCents: 4000,
  };
}

interface Options {
  termFails?: boolean;
  departmentStatus?: number;
}

function renderTextbooks(path: string, options: Options = {}) {
  return renderApp(path, {
    handlers: {
      [`GET ${BASE}/terms`]: () => json(200, { storeName: 'Store A', terms: [SPRING, FALL, OLD] }),
      [`GET ${BASE}`]: (r: StubRequest) => {
        if (options.termFails) return json(500, { message: 'boom' });
        const id = Number(r.url.searchParams.get('termId'));
        const found = [SPRING, FALL, OLD].find((t) => t.termId === id);
        return found
          ? json(200, termAnswer(found))
          : json(404, { message: `There is no term ${id} in this store.`, field: 'termId' });
      },
      [`GET ${BASE}/department`]: () =>
        options.departmentStatus
          ? json(options.departmentStatus, { message: 'boom' })
          : json(200, { term: FALL, department: BIO, courses: BIO_COURSES }),
    },
  });
}

const calls = (list: StubRequest[], path: string) => list.filter((c) => c.url.pathname === path);

describe('Textbook List', { timeout: 20_000 }, () => {
  it('opens signed out on the term under way, with the store and its completeness', async () => {
    const { calls: sent } = renderTextbooks('/textbooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Textbook List' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: /Fall 2026/ })).toBeVisible();
    expect(screen.getByText('Store A')).toBeVisible();
    expect(screen.getByText('12 of 16 sections answered, 75%')).toBeVisible();
    // Each department's bar says its figure in words too.
    expect(screen.getByRole('progressbar', { name: 'BIO · Biology completeness' })).toHaveAttribute(
      'aria-valuetext',
      '12 of 15 sections answered, 80%',
    );
    expect(screen.getByText('0 of 1 section answered, 0%')).toBeVisible();
    expect(calls(sent, BASE)[0]?.url.searchParams.get('termId')).toBe('10');
    // Public calls carry no token, and no department is read before it is opened.
    expect(sent.every((c) => !c.headers.has('Auth-Token'))).toBe(true);
    expect(calls(sent, `${BASE}/department`)).toHaveLength(0);
  });

  it('reads the term from the URL and puts a picked term in it', async () => {
    const user = userEvent.setup();
    const { router, calls: sent } = renderTextbooks('/textbooks?term=11');
    expect(await screen.findByRole('heading', { level: 2, name: /Spring 2027/ })).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Term' }));
    await user.click(await screen.findByRole('option', { name: 'Spring 2026 (Main Campus)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?term=9'));
    expect(await screen.findByRole('heading', { level: 2, name: /Spring 2026/ })).toBeVisible();
    expect(calls(sent, BASE).map((c) => c.url.searchParams.get('termId'))).toEqual(['11', '9']);
  });

  it('links the CSV of the term shown', async () => {
    renderTextbooks('/textbooks?term=11');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', `${BASE}.csv?termId=11`);
    const feed = screen.getByRole('link', {
      name: 'Cost designations for the class schedule (CSV)',
    });
    expect(feed).toHaveAttribute('href', '/app-rest/public/v1/scheduleFeed.csv?termId=11');
  });

  it('loads a department when it is opened: materials, prices, TBD and no text required', async () => {
    const user = userEvent.setup();
    const { calls: sent } = renderTextbooks('/textbooks');
    const bio = await screen.findByRole('button', { name: /BIO · Biology/ });
    await user.click(bio);
    expect(bio).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { level: 4, name: /BIO 101/ })).toBeVisible();
    const [request] = calls(sent, `${BASE}/department`);
    expect(request?.url.searchParams.get('termId')).toBe('10');
    expect(request?.url.searchParams.get('departmentId')).toBe('3');

    const materials = screen.getByRole('list', { name: 'Materials for section 001' });
    expect(materials).toHaveTextContent('Campbell Biology');
    expect(materials).toHaveTextContent('ISBN 9780134093413');
    expect(materials).toHaveTextContent('New $129.95');
    expect(materials).toHaveTextContent('Rent used $51.98');
    // The store offers no digital copy of it: no $0.00 line.
    expect(materials).not.toHaveTextContent('Digital');
    const guide = within(materials).getByText('Field Guide to Café Birds').closest('li');
    expect(guide).toHaveTextContent('Recommended');
    expect(guide).toHaveTextContent('by Sibley · Knopf');
    expect(guide).toHaveTextContent('No ISBN');
    expect(guide).toHaveTextContent('Price not yet available');
    expect(screen.getByText('No text required')).toBeVisible();
    expect(screen.getByText('To Be Determined')).toBeVisible();
    expect(screen.getByText(/Max Mentor/)).toBeVisible();
  });

  it('says when a department cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    const { calls: sent } = renderTextbooks('/textbooks', { departmentStatus: 500 });
    await user.click(await screen.findByRole('button', { name: /BIO · Biology/ }));
    expect(await screen.findByText('Unable to load this department.')).toBeVisible();
    const before = calls(sent, `${BASE}/department`).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls(sent, `${BASE}/department`).length).toBeGreaterThan(before));
  });

  it("shows the server's words for a term that is not this store's", async () => {
    renderTextbooks('/textbooks?term=999');
    expect(await screen.findByText('There is no term 999 in this store.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('says when the term cannot be loaded', async () => {
    renderTextbooks('/textbooks', { termFails: true });
    expect(
      await screen.findByText('Unable to load this term.', {}, { timeout: 8000 }),
    ).toBeVisible();
  });

  it('works the same signed in', async () => {
    storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
    const { calls: sent } = renderApp('/textbooks?term=10', {
      session: sessionResponse(),
      handlers: {
        [`GET ${BASE}/terms`]: () => json(200, { storeName: 'Store A', terms: [FALL] }),
        [`GET ${BASE}`]: () => json(200, termAnswer(FALL)),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: /Fall 2026/ })).toBeVisible();
    // The stored login was resumed (its secret rotated), and the list stayed public.
    await waitFor(() => expect(localStorage.getItem('password')).toBe('rms1.first'));
    const list = sent.filter((c) => c.url.pathname.startsWith(BASE));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => !c.headers.has('Auth-Token'))).toBe(true);
  });
});

describe('defaultTerm', () => {
  it('picks the term under way, else the next, else the newest', () => {
    const spring = term(2, 'Spring', '2027-01-11', '2027-05-14');
    const fall = term(1, 'Fall', '2026-08-24', '2026-12-18');
    const summer = term(0, 'Summer', '2026-06-01', '2026-07-31');
    const terms = [spring, fall, summer];
    expect(defaultTerm(terms, '2026-11-25')?.termId).toBe(1);
    expect(defaultTerm(terms, '2026-12-20')?.termId).toBe(2);
    expect(defaultTerm(terms, '2026-07-01')?.termId).toBe(0);
    expect(defaultTerm(terms, '2028-01-01')?.termId).toBe(2);
    expect(defaultTerm([], '2026-11-25')).toBeNull();
  });

  it('opens on the busiest term when several divisions have one under way', () => {
    const law = term(5, 'Fall 2026', '2026-08-18', '2026-12-05', 73, 'School of Law');
    const main = term(2, 'Fall 2026', '2026-08-25', '2026-12-12', 327);
    const online = term(8, 'Fall 2026', '2026-09-01', '2026-12-19', 82, 'Online');
    expect(defaultTerm([online, law, main], '2026-11-25')?.termId).toBe(2);
    // Before any starts: the next to start, whatever its size.
    expect(defaultTerm([online, law, main], '2026-08-01')?.termId).toBe(5);
  });
});
