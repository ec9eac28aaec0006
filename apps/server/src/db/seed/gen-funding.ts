import type { CatalogData } from './catalog-data.ts';
import { instant } from './dates.ts';
import { FundingBook } from './gen-funding-book.ts';
import { fund, redeem } from './gen-funding-plans.ts';
import { ALL_SPENDING, type FundingData, type FundingInput } from './gen-funding-types.ts';
import type { StudentInfo } from './gen-people.ts';
import type { Rng } from './prng.ts';

/** "Fall 2025" of "Fall 2025 - Main Campus". */
function termName(catalog: CatalogData, termId: number): string {
  const name = catalog.terms.find((t) => t.id === termId)?.name ?? '';
  return name.split(' - ')[0] ?? name;
}

const AID_AMOUNTS = [35_000, 40_000, 45_000, 50_000, 55_000, 60_000];

/**
 * Demo store A's funding (FEATURED_STUDENTS.md's students get none: end-to-end tests place
 * their orders and expect no funding in the totals). The current aid source's window holds
 * today, so a clerk can pay an order from it; the past one shows a closed window.
 */
export function demoStoreAFunding(input: FundingInput): FundingData {
  // One source after another, in this order: each draws from the same PRNG.
  const a = storeA(input);
  currentAid(a);
  honorsScholarship(a);
  chemistryLabFund(a);
  endedAid(a);
  welcomePromotion(a);
  return a.book.finish();
}

type MainTerms = NonNullable<CatalogData['termsByDivision'][number]>;

/** What store A's sources share: the book, its accounts, main campus's terms and students. */
interface StoreA {
  book: FundingBook;
  catalog: CatalogData;
  rng: Rng;
  today: number;
  cma: number;
  admin: number;
  main: MainTerms;
  currentTerms: number[];
  start: number;
  open: { startDay: number; endDay: number };
  enrolledNow: StudentInfo[];
}

function storeA(input: FundingInput): StoreA {
  const book = new FundingBook(input);
  const { catalog } = input;
  const rng = book.rng;
  const today = book.todayDay;
  const cma = book.account('cma@demo-university.edu');
  const admin = book.account('admin@demo-university.edu');
  const main = catalog.termsByDivision[0];
  if (!main) throw new Error('Funding seed: store A has no division');
  // Main campus's current term: the demo's aid term (the other divisions' calendars differ).
  const currentTerms = [main.current.id];
  const start = main.current.startDay;
  // Two weeks before the term to three weeks into it, and never closed before today.
  const open = { startDay: start - 14, endDay: Math.max(start + 21, today + 10) };
  const enrolledNow = book.generatedStudents(
    (s) => s.divisionIndex === 0 && s.sectionsByKind.current.length > 0,
  );
  return { book, catalog, rng, today, cma, admin, main, currentTerms, start, open, enrolledNow };
}

/** The current term's aid, its budget raised after creation. */
function currentAid(a: StoreA): void {
  const { book, rng, cma, admin, currentTerms, open, enrolledNow } = a;
  const aid = book.source({
    name: 'Federal Financial Aid Book Advance',
    kind: 'FINANCIAL_AID',
    budgetCents: 6_000_000,
    initialBudgetCents: 5_000_000,
    termIds: currentTerms,
    ...open,
    capCents: 60_000,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: open.startDay - 10,
  });
  book.edited(aid, instant(open.startDay - 9, 14), admin, 'Budget $50,000.00 → $60,000.00');
  fund(book, aid, {
    students: rng.sample(enrolledNow, 60),
    amount: (r) => r.pick(AID_AMOUNTS),
    day: open.startDay - 7,
    actor: cma,
    chargedAllowances: 8,
    ordersEach: 1,
    refunds: 1,
  });
}

/** A scholarship open until the upcoming term ends. */
function honorsScholarship(a: StoreA): void {
  const { book, rng, today, admin, main, open, enrolledNow } = a;
  const honors = book.source({
    name: 'Honors College Book Scholarship',
    kind: 'SCHOLARSHIP',
    budgetCents: 500_000,
    termIds: [],
    startDay: open.startDay,
    endDay: Math.max(main.upcoming.endDay, today + 10),
    capCents: 30_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ['NEW', 'DIGITAL'],
    unspentPolicy: 'PAY_OUT_TO_STUDENT',
    createdBy: admin,
    createdDay: open.startDay - 6,
  });
  fund(book, honors, {
    students: rng.sample(enrolledNow, 15),
    amount: (r) => r.pick([20_000, 25_000, 30_000]),
    day: open.startDay - 5,
    actor: admin,
    chargedAllowances: 5,
    ordersEach: 1,
    refunds: 0,
  });
}

/** A department's fund for students of its current sections. */
function chemistryLabFund(a: StoreA): void {
  const { book, catalog, rng, cma, currentTerms, open, enrolledNow } = a;
  const chemistry = new Set(
    catalog.sectionInfo
      .filter((s) => s.kind === 'current')
      .filter((s) => catalog.departmentInfo[s.departmentIndex]?.def.code === 'CHEM')
      .map((s) => s.id),
  );
  const lab = book.source({
    name: 'Chemistry Department Lab Manual Fund',
    kind: 'DEPARTMENT',
    budgetCents: 200_000,
    termIds: currentTerms,
    ...open,
    capCents: 7_500,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ['NEW', 'USED'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: open.startDay - 4,
  });
  fund(book, lab, {
    students: rng.sample(
      enrolledNow.filter((s) => s.sectionsByKind.current.some((id) => chemistry.has(id))),
      20,
    ),
    amount: (r) => r.pick([5_000, 7_500]),
    day: open.startDay - 3,
    actor: cma,
    chargedAllowances: 3,
    ordersEach: 1,
    refunds: 0,
  });
}

/** The past term's aid, its window closed. */
function endedAid(a: StoreA): void {
  const { book, catalog, rng, cma, main } = a;
  const pastStart = main.past.startDay;
  const ended = book.source({
    name: `Federal Financial Aid Book Advance (${termName(catalog, main.past.id)})`,
    kind: 'FINANCIAL_AID',
    budgetCents: 4_000_000,
    termIds: [main.past.id],
    startDay: pastStart - 14,
    endDay: pastStart + 21,
    capCents: 60_000,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: pastStart - 24,
  });
  fund(book, ended, {
    students: rng.sample(
      book.generatedStudents((s) => s.divisionIndex === 0 && s.sectionsByKind.past.length > 0),
      40,
    ),
    amount: (r) => r.pick(AID_AMOUNTS),
    day: pastStart - 21,
    actor: cma,
    chargedAllowances: 15,
    ordersEach: 1,
    refunds: 0,
  });
  book.close(ended);
}

/** A promotion code a few students used. */
function welcomePromotion(a: StoreA): void {
  const { book, rng, today, cma, start } = a;
  const welcome = book.source({
    name: 'Welcome Week $10',
    kind: 'PROMOTION',
    budgetCents: 500 * 1_000,
    termIds: [],
    startDay: start - 7,
    endDay: Math.max(start + 14, today + 14),
    capCents: 1_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    promo: { code: 'WELCOME10', amountCents: 1_000, useLimit: 500 },
    createdBy: cma,
    createdDay: start - 10,
  });
  redeem(
    book,
    welcome,
    rng.sample(
      book.generatedStudents(() => true),
      400,
    ),
    6,
    cma,
  );
}

/** Demo store B: one small grant of its own, to show that a store never sees another's funds. */
export function demoStoreBFunding(input: FundingInput): FundingData {
  const book = new FundingBook(input);
  const admin = book.account('admin@bookstore-b.edu');
  const term = input.catalog.termsByDivision[0]?.current;
  if (!term) throw new Error('Funding seed: store B has no division');
  const startDay = term.startDay - 14;
  const grant = book.source({
    name: 'Bookstore B Textbook Grant',
    kind: 'GRANT',
    budgetCents: 300_000,
    termIds: [term.id],
    startDay,
    endDay: Math.max(term.startDay + 21, book.todayDay + 10),
    capCents: 20_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: admin,
    createdDay: startDay - 5,
  });
  fund(book, grant, {
    students: book.rng.sample(
      book.generatedStudents((s) => s.sectionsByKind.current.length > 0),
      10,
    ),
    amount: (r) => r.pick([10_000, 15_000, 20_000]),
    day: startDay - 3,
    actor: admin,
    chargedAllowances: 2,
    ordersEach: 1,
    refunds: 0,
  });
  return book.finish();
}
