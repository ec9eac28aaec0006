import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  FUNDING_MESSAGES,
  FUNDING_REFUSAL,
  STUDENT_FUNDING_REFUSAL,
  STUDENT_LOOKUP_REFUSAL,
  createOrder,
  formatMoney,
  REPORT_PAGE_SIZE,
  getAccessDayReport,
  getAllowanceUploadIssues,
  getAllowances,
  getFundingSource,
  getFundingSources,
  getSourceLedger,
  getStudentFunding,
  getVoucherMailing,
  searchStudents,
  type EnrolledStudent,
  type FundingAllowance,
  type FundingSource,
  type LedgerEntry,
  type OrderSummary,
  type OrderableItem,
  type SessionResponse,
  type VoucherMailing,
} from '@csp/contracts';
import { FUNDING_ENDPOINTS, fundingRequests } from './funding-endpoints.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  allowanceCsv,
  currentTerm,
  dollarsText,
  expectHeading,
  figure,
  fullName,
  fundedOrderBody,
  mainNav,
  openOrderReview,
  openSourceTab,
  pickUpMethod,
  startFundingPortal,
  studentFundingPanel,
  studentFunding,
  termOrderables,
  termStudents,
  type AidTerm,
} from '../../support/funding.ts';
import {
  portalApi,
  portalEndpoint,
  portalPage,
  signIn,
  type OwnPortal,
} from '../../support/own-portal.ts';

/*
 * Funding management, issue 14's "done when" as a new user would try it: a funding manager
 * creates a financial-aid source for the demo's current term and uploads allowances for 200
 * students (a file with bad rows, reported before anything is written); a clerk orders for one
 * of them paid from the allowance, cancels it and sees the refund; two simultaneous orders
 * cannot overdraw; the day-7 report lists aid students without books; a user without
 * MANAGE_VOUCHERS gets no menu item and a 403 from every funding endpoint. The tests run in
 * order on a portal of this file's own (funding-axe.spec.ts scans the same screens with axe).
 */
test.describe.configure({ mode: 'serial' });

const AMOUNT_CENTS = 25_000;
const CAP_CENTS = 40_000;
const BUDGET_CENTS = 6_000_000;
const FILE_NAME = 'fall-aid-allowances.csv';
const UNKNOWN_ID = '999999999';
const STUDENTS = 200;
const FUNDING_TEXT_NO_ALLOWANCES = 'No allowances yet. Add one, or upload a file of them.';

interface Chosen {
  student: EnrolledStudent;
  items: OrderableItem[];
}

let portal: OwnPortal;
let manager: SessionResponse;
let term: AidTerm;
let sourceName: string;
let aidStudents: EnrolledStudent[];
/** Real students of the store left out of the valid rows: a bad amount, and over the cap. */
let badAmountStudent: EnrolledStudent;
let overCapStudent: EnrolledStudent;
/** Ordered for at the counter (test 2). */
let clerkStudent: Chosen;
/** Two orders at once (test 3): two items of different sections. */
let raceStudent: Chosen;
let raceAmountCents: number;
/** Orders nothing: the day-7 report lists them. */
let idleStudent: Chosen;
let source: FundingSource;
/** The allowance file as the server keeps it. */
let uploadId: number;
let csv: Buffer;

const amountOf = (s: EnrolledStudent) =>
  s.customerId === raceStudent.student.customerId ? raceAmountCents : AMOUNT_CENTS;

/**
 * The students whose orders the tests place, read in the file's fixed order: one with a required
 * material of the term to order, one with two of different sections that each cost more than
 * half of its allowance, and one left without books.
 */
async function chooseStudents() {
  const picked: Partial<{ clerk: Chosen; race: Chosen; idle: Chosen }> = {};
  for (const student of aidStudents) {
    if (picked.clerk && picked.race && picked.idle) break;
    const items = await termOrderables(portal, manager, term, student.customerId);
    const sections = new Set(items.map((i) => i.sectionId));
    if (!picked.race && sections.size >= 2) {
      const [a, b] = [...sections].map((id) => items.find((i) => i.sectionId === id)!);
      const cheaper = Math.min(a!.options[0]!.priceCents, b!.options[0]!.priceCents);
      // Each order alone costs more than half the allowance; both together more than all of it.
      const amount = cheaper + Math.floor(cheaper / 2);
      if (amount <= CAP_CENTS) {
        picked.race = { student, items: [a!, b!] };
        raceAmountCents = amount;
        continue;
      }
    }
    if (!picked.clerk && items.length > 0) picked.clerk = { student, items };
    else if (!picked.idle && items.length > 0) picked.idle = { student, items };
  }
  if (!picked.clerk || !picked.race || !picked.idle) {
    throw new Error('The demo term has too few students with required materials to order');
  }
  ({
    clerk: clerkStudent,
    race: raceStudent,
    idle: idleStudent,
  } = picked as Required<typeof picked>);
}

/**
 * The allowance file: 200 valid rows, and after the first five a duplicate of the first, a
 * student ID the store does not know, a bad amount and an amount over the cap (rows 7-10 as a
 * spreadsheet numbers them, the header being row 1).
 */
function allowanceFile(): Buffer {
  const valid = (s: EnrolledStudent) =>
    [s.studentIdNum, dollarsText(amountOf(s)), 'Fall book advance'] as const;
  return allowanceCsv([
    ...aidStudents.slice(0, 5).map(valid),
    [aidStudents[0]!.studentIdNum, dollarsText(AMOUNT_CENTS), 'listed twice'],
    [UNKNOWN_ID, dollarsText(AMOUNT_CENTS)],
    [badAmountStudent.studentIdNum, '12.345'],
    [overCapStudent.studentIdNum, dollarsText(CAP_CENTS + 5_000)],
    ...aidStudents.slice(5).map(valid),
  ]);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startFundingPortal();
  manager = await signIn(portal, 'cma');
  term = await currentTerm(portal, manager);
  sourceName = `Book Advance ${term.termName} (E2E)`;
  const students = await termStudents(portal, manager, term, STUDENTS + 2);
  aidStudents = students.slice(0, STUDENTS);
  [badAmountStudent, overCapStudent] = students.slice(STUDENTS) as [
    EnrolledStudent,
    EnrolledStudent,
  ];
  const unknown = await portalApi<{ students: { studentIdNum: string }[] }>(
    portal,
    manager,
    searchStudents,
    {},
    { query: { studentSearch: UNKNOWN_ID } },
  );
  expect(unknown.students.map((s) => s.studentIdNum)).not.toContain(UNKNOWN_ID);
  await chooseStudents();
  csv = allowanceFile();
});

test.afterAll(async () => {
  await portal?.stop();
});

async function sourceNow(): Promise<FundingSource> {
  return portalApi<FundingSource>(portal, manager, getFundingSource, {
    sourceId: source.sourceId,
  });
}

async function allowancePage(page: number, search?: string) {
  return portalApi<{ allowances: FundingAllowance[]; recordCount: number }>(
    portal,
    manager,
    getAllowances,
    { sourceId: source.sourceId },
    { query: { page, ...(search ? { search } : {}) } },
  );
}

/** The source form as a manager fills it: every field a financial-aid source has. */
async function fillSourceForm(form: Locator) {
  await form.getByRole('textbox', { name: 'Name' }).fill(sourceName);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await form.page().getByRole('option', { name: 'Financial aid', exact: true }).click();
  await form.getByRole('textbox', { name: 'Budget' }).fill(dollarsText(BUDGET_CENTS));
  const terms = form.getByRole('combobox', { name: 'Terms' });
  await terms.fill(term.termName);
  await form
    .page()
    .getByRole('option', { name: `${term.termName} (${term.divisionName})`, exact: true })
    .click();
  await expect(
    form.getByRole('button', { name: `${term.termName} (${term.divisionName})` }),
  ).toBeVisible();
  await form.getByLabel('Charges from').fill(term.chargeStartsOn);
  await form.getByLabel('Charges until').fill(term.chargeEndsOn);
  await form
    .getByRole('textbox', { name: 'Most one student may get' })
    .fill(dollarsText(CAP_CENTS));
  await form
    .getByRole('radio', { name: "Required materials of the student's own sections" })
    .check();
  for (const kind of ['New', 'Used', 'Rental', 'Digital']) {
    await form.getByRole('checkbox', { name: kind, exact: true }).check();
  }
  await form.getByRole('radio', { name: 'Returns to the source' }).check();
}

const uploadReport = (page: Page) => page.getByRole('region', { name: `Report: ${FILE_NAME}` });

test('a funding manager creates an aid source for the term, uploads 200 allowances with bad rows reported first, and applies them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/dashboard`);
  await mainNav(page).getByRole('link', { name: 'Funding Management' }).click();
  await expectHeading(page, 'Funding Management');

  await page.getByRole('button', { name: 'New source' }).click();
  const form = page.getByRole('dialog', { name: 'New funding source' });
  await fillSourceForm(form);
  await form.getByRole('button', { name: 'Create source' }).click();
  await expect(form).toBeHidden();
  await expectHeading(page, sourceName);

  const { sources } = await portalApi<{ sources: FundingSource[] }>(
    portal,
    manager,
    getFundingSources,
  );
  const created = sources.filter((s) => s.name === sourceName);
  expect(created, 'one source created').toHaveLength(1);
  source = created[0]!;
  expect(source).toMatchObject({
    kind: 'FINANCIAL_AID',
    terms: [{ termId: term.termId }],
    chargeStartsOn: term.chargeStartsOn,
    chargeEndsOn: term.chargeEndsOn,
    perStudentCapCents: CAP_CENTS,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    state: 'OPEN',
    figures: { budgetCents: BUDGET_CENTS, allocatedCents: 0, allowanceCount: 0 },
  });

  // The list shows it with its budget; the manager opens it from there.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Funding Management' })
    .click();
  const card = page.getByRole('article', { name: sourceName });
  await expect(card).toContainText(
    `Budget ${formatMoney(BUDGET_CENTS)} · Allocated $0.00 · Spent $0.00 · Remaining ${formatMoney(BUDGET_CENTS)}`,
  );
  await expect(card.getByRole('img', { name: /^Budget used:/ })).toBeVisible();
  await card.getByRole('link', { name: sourceName }).click();
  await expectHeading(page, sourceName);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('status')).toHaveText(FUNDING_TEXT_NO_ALLOWANCES);

  // The file is checked row by row; the report comes before anything is written.
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByLabel('Allowance file (.csv or .xlsx)').setInputFiles({
    name: FILE_NAME,
    mimeType: 'text/csv',
    buffer: csv,
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  const report = uploadReport(page);
  await expect(report.getByRole('heading', { name: `Report: ${FILE_NAME}` })).toBeFocused();
  await expect(report).toContainText('Checked, ready to apply');
  const validCents = aidStudents.reduce((sum, s) => sum + amountOf(s), 0);
  await expect(figure(report, 'Rows read')).toHaveText('204');
  await expect(figure(report, 'Valid')).toHaveText('200');
  await expect(figure(report, 'Rejected')).toHaveText('4');
  await expect(figure(report, 'Total of valid amounts')).toHaveText(formatMoney(validCents));
  await expect(figure(report, 'Budget left')).toHaveText(formatMoney(BUDGET_CENTS));

  const reasons = report.getByRole('table', { name: 'Why rows were rejected' });
  await expect(reasons.getByRole('row')).toHaveCount(5);
  for (const [column, reason] of [
    ['Student ID', 'The student already has an allowance from this source, or is listed twice.'],
    ['Student ID', 'No student with this ID at this store.'],
    ['Amount', 'Enter the amount in dollars, with at most two decimals (e.g. 125.50).'],
    ['Amount', "Over the source's per-student cap."],
  ] as const) {
    await expect(reasons.getByRole('row').filter({ hasText: reason })).toContainText(column);
  }
  const rejected = report.getByRole('table', { name: 'Rejected rows' });
  const expectedIssues = [
    [
      7,
      'Student ID',
      aidStudents[0]!.studentIdNum,
      FUNDING_MESSAGES.duplicateAllowance(aidStudents[0]!.studentIdNum),
    ],
    [8, 'Student ID', UNKNOWN_ID, FUNDING_MESSAGES.studentNotFound(UNKNOWN_ID)],
    [9, 'Amount', '12.345', 'Enter the amount in dollars, with at most two decimals'],
    [10, 'Amount', '450.00', FUNDING_MESSAGES.overCap(formatMoney(CAP_CENTS))],
  ] as const;
  const issueRows = rejected.getByRole('row');
  await expect(issueRows).toHaveCount(expectedIssues.length + 1);
  for (const [index, [row, column, value, message]] of expectedIssues.entries()) {
    const cells = issueRows.nth(index + 1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(String(row));
    await expect(cells.nth(1)).toHaveText(column);
    await expect(cells.nth(2)).toHaveText(value);
    await expect(cells.nth(3)).toContainText(message);
  }
  uploadId = Number(new URL(page.url()).searchParams.get('upload'));
  const issues = await portalApi<{ recordCount: number }>(
    portal,
    manager,
    getAllowanceUploadIssues,
    { uploadId },
  );
  expect(issues.recordCount).toBe(4);

  // Nothing written yet: the source has no allowance, and the Allowances tab says so.
  expect((await sourceNow()).figures).toMatchObject({ allocatedCents: 0, allowanceCount: 0 });
  await page.getByRole('tab', { name: 'Allowances' }).click();
  await expect(panel.getByRole('status')).toHaveText(FUNDING_TEXT_NO_ALLOWANCES);
  await page.getByRole('tab', { name: 'Upload' }).click();
  await expect(report.getByRole('heading', { name: `Report: ${FILE_NAME}` })).toBeVisible();

  // Apply asks first, then writes the 200 valid rows at once.
  await report.getByRole('button', { name: 'Apply 200 allowances' }).click();
  const confirm = page.getByRole('dialog', { name: `Apply ${FILE_NAME}?` });
  await expect(confirm).toContainText(
    `This gives 200 allowances totalling ${formatMoney(validCents)} from ${sourceName}, each with its voucher code. The 4 rejected rows are left out.`,
  );
  await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(report.getByRole('alert').filter({ hasText: /^Applied/ })).toContainText(
    '200 allowances written.',
  );
  source = await sourceNow();
  expect(source.figures).toMatchObject({ allocatedCents: validCents, allowanceCount: 200 });
  await expect(page.getByRole('region', { name: 'Figures' })).toContainText(
    `Allocated ${formatMoney(validCents)}`,
  );

  // The grid: 200 allowances a server page at a time, and a search by student ID.
  await page.getByRole('tab', { name: 'Allowances' }).click();
  await expect(panel.getByRole('status')).toHaveText('200 allowances');
  const grid = page.getByRole('grid', { name: 'Allowances' });
  const [first, second] = [await allowancePage(1), await allowancePage(2)];
  expect(first.recordCount).toBe(200);
  await expect(
    grid.getByRole('row').filter({ hasText: first.allowances[0]!.studentIdNum }),
  ).toHaveCount(1);
  await expect(panel.getByText('1–25 of 200')).toBeVisible();
  await panel.getByRole('button', { name: 'Go to next page' }).click();
  await expect(panel.getByText('26–50 of 200')).toBeVisible();
  for (const allowance of [second.allowances[0]!, second.allowances.at(-1)!]) {
    await expect(grid.getByRole('row').filter({ hasText: allowance.studentIdNum })).toHaveCount(1);
  }
  await expect(
    grid.getByRole('row').filter({ hasText: first.allowances[0]!.studentIdNum }),
  ).toHaveCount(0);

  const wanted = clerkStudent.student;
  await page
    .getByRole('searchbox', { name: 'Search by student ID or name' })
    .fill(wanted.studentIdNum);
  await expect(panel.getByRole('status')).toHaveText(`1 allowance match “${wanted.studentIdNum}”`);
  const found = grid.getByRole('row').filter({ hasText: wanted.studentIdNum });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(fullName(wanted));
  await expect(found).toContainText(formatMoney(AMOUNT_CENTS));

  // Every voucher e-mailed in one press: the run goes on in the background, the screen follows.
  const before = await portalApi<VoucherMailing>(portal, manager, getVoucherMailing, {
    sourceId: source.sourceId,
  });
  expect(before).toMatchObject({ sending: 0, emailed: 0 });
  expect(before.unsent + before.withoutEmail).toBe(200);
  const press = `E-mail ${before.unsent.toLocaleString('en-US')} vouchers`;
  await panel.getByRole('button', { name: press }).click();
  await page
    .getByRole('dialog', { name: `${press}?` })
    .getByRole('button', { name: press })
    .click();
  await expect(panel.getByRole('status').filter({ hasText: 'vouchers e-mailed.' })).toHaveText(
    `${before.unsent.toLocaleString('en-US')} vouchers e-mailed.`,
    { timeout: 30_000 },
  );
  await expect(panel.getByRole('button', { name: 'E-mail vouchers' })).toBeDisabled();
  expect(
    await portalApi<VoucherMailing>(portal, manager, getVoucherMailing, {
      sourceId: source.sourceId,
    }),
  ).toEqual({ ...before, unsent: 0, emailed: before.unsent });
  await context.close();
});

async function amountAfter(scope: Locator, label: string): Promise<number> {
  const text = (await figure(scope, label).textContent()) ?? '';
  const match = /\$([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`No amount after ${label}: ${text}`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

test('a clerk orders for an aid student paid from the allowance, cancels it, and the refund restores the balance', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { student, items } = clerkStudent;
  const [item] = items;
  const { context, page } = await portalPage(browser, portal, 'admin');
  await page.goto(`${portal.baseUrl}/dashboard`);
  await mainNav(page).getByRole('link', { name: 'Student Search' }).click();
  const search = page.getByRole('searchbox', { name: 'Name or student ID' });
  await search.fill(student.studentIdNum);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/student/${student.customerId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullName(student));

  const { panel, allowance } = studentFundingPanel(page, sourceName);
  await expect(panel).toContainText(`Available today: ${formatMoney(AMOUNT_CENTS)}`);
  await expect(figure(allowance, 'Balance')).toHaveText(formatMoney(AMOUNT_CENTS));
  const { allowances } = await studentFunding(portal, manager, student.customerId);
  const voucher = allowances[0]!.voucherCode;
  await expect(allowance).toContainText(`Voucher ${voucher}`);

  const dialog = await openOrderReview(page, student, item!.title);

  const paid = dialog.getByRole('list', { name: 'Paid from funding' }).getByRole('listitem');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(`Paid from funding: ${sourceName} (voucher ${voucher})`);
  const subtotal = await amountAfter(dialog, 'Subtotal');
  const total = await amountAfter(dialog, 'Total');
  const funded = Math.min(subtotal, AMOUNT_CENTS);
  await expect(paid).toContainText(formatMoney(funded));
  await expect(figure(dialog, 'Funded')).toHaveText(`−${formatMoney(funded)}`);
  await expect(figure(dialog, 'Student pays')).toHaveText(formatMoney(total - funded));

  await dialog.getByRole('button', { name: 'Place order' }).click();
  const toast = page.getByText(new RegExp(`^Order #(\\d+) placed for ${fullName(student)}$`));
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  const orderId = Number(/#(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
  const card = page
    .getByRole('region', { name: 'Transaction history' })
    .getByRole('article', { name: `Order #${orderId}` });
  const paidLine = `Paid from funding: ${formatMoney(funded)} (${sourceName}, ${voucher})`;
  await expect(card.getByRole('list', { name: 'Funding' })).toContainText(paidLine);
  await expect(figure(allowance, 'Balance')).toHaveText(formatMoney(AMOUNT_CENTS - funded));

  await card.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await confirm.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('list', { name: 'Funding' })).toContainText(
    `Refunded to funding: ${formatMoney(funded)} (${sourceName}, ${voucher})`,
  );
  await expect(figure(allowance, 'Balance')).toHaveText(formatMoney(AMOUNT_CENTS));
  await expect(panel).toContainText(`Available today: ${formatMoney(AMOUNT_CENTS)}`);

  // The source's ledger has the charge and the refund, with the order.
  await openSourceTab(page, portal.baseUrl, source, 'ledger');
  await page
    .getByRole('searchbox', { name: 'Search by student ID or name' })
    .fill(student.studentIdNum);
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText('3 entries');
  const ledger = page.getByRole('grid', { name: 'Ledger entries' });
  const rowOf = (kind: string) => ledger.getByRole('row').filter({ hasText: kind });
  await expect(rowOf('Charged to an order')).toContainText(`-${formatMoney(funded)}`);
  await expect(rowOf('Charged to an order')).toContainText(`#${orderId}`);
  await expect(rowOf('Refunded (order cancelled)')).toContainText(`+${formatMoney(funded)}`);
  await expect(rowOf('Refunded (order cancelled)')).toContainText(`#${orderId}`);
  await expect(rowOf('Allocated')).toContainText(`+${formatMoney(AMOUNT_CENTS)}`);
  await context.close();
});

test('two orders placed at the same moment never spend more than the allowance', async () => {
  const clerk = await signIn(portal, 'admin');
  const { student, items } = raceStudent;
  const before = await studentFunding(portal, clerk, student.customerId);
  expect(before.availableCents).toBe(raceAmountCents);
  const pickUp = await pickUpMethod(portal, clerk);
  for (const item of items) {
    expect(item.options[0]!.priceCents * 2).toBeGreaterThan(raceAmountCents);
  }

  const answers = await Promise.all(
    items.map((item) =>
      portalEndpoint<{ order: OrderSummary }>(
        portal,
        clerk,
        createOrder,
        {},
        {
          body: fundedOrderBody(student.customerId, item, pickUp),
        },
      ),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  const charged = answers.reduce((sum, a) => sum + a.body.order.fundedCents, 0);
  // The second order paid what the first left: together exactly the allowance, never more.
  expect(charged).toBe(raceAmountCents);

  const after = await studentFunding(portal, clerk, student.customerId);
  const [mine] = after.allowances;
  expect(after.allowances).toHaveLength(1);
  expect(mine!.balanceCents).toBeGreaterThanOrEqual(0);
  expect(mine!.spentCents).toBeLessThanOrEqual(mine!.allocatedCents);
  expect(mine).toMatchObject({ balanceCents: 0, spentCents: raceAmountCents });
  const ledger = await portalApi<{ entries: LedgerEntry[] }>(
    portal,
    manager,
    getSourceLedger,
    { sourceId: source.sourceId },
    { query: { search: student.studentIdNum } },
  );
  const charges = ledger.entries.filter((e) => e.kind === 'CHARGE');
  expect(charges.map((e) => e.orderId).sort()).toEqual(
    answers
      .map((a) => a.body.order.orderId)
      .filter((id, i) => answers[i]!.body.order.fundedCents > 0)
      .sort(),
  );
  expect(charges.reduce((sum, e) => sum - e.amountCents, 0)).toBe(raceAmountCents);
});

test('the day-7 report lists the aid students still without books, and downloads as .xlsx', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'cma');
  const { student } = idleStudent;
  // The report pages on screen (REPORT_PAGE_SIZE students a page); the API is read a page of
  // 100 at a time to find which screen page the student is on.
  type DayRow = { customerId: number; sourceNames: string[]; notOrderedCount: number };
  const all: DayRow[] = [];
  let recordCount = 0;
  for (let p = 1; p === 1 || all.length < recordCount; p++) {
    const json = await portalApi<{ rows: DayRow[]; recordCount: number }>(
      portal,
      manager,
      getAccessDayReport,
      {},
      { query: { termId: term.termId, page: p, pageSize: 100 } },
    );
    all.push(...json.rows);
    recordCount = json.recordCount;
  }
  const at = all.findIndex((r) => r.customerId === student.customerId);
  const row = all[at];
  expect(row?.sourceNames).toContain(sourceName);
  expect(row?.notOrderedCount).toBeGreaterThan(0);
  const screenPage = Math.floor(at / REPORT_PAGE_SIZE) + 1;
  const onScreen = all.slice((screenPage - 1) * REPORT_PAGE_SIZE, screenPage * REPORT_PAGE_SIZE);

  await page.goto(`${portal.baseUrl}/funding-management`);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expectHeading(page, 'Funding Reports');
  await page.getByRole('tab', { name: 'Day-7 access' }).click();
  await page
    .getByRole('combobox', { name: 'Term' })
    .selectOption({ label: `${term.termName} (${term.divisionName})` });
  const table = page.getByRole('table', {
    name: `Aid students of ${term.termName} without their materials`,
  });
  // The totals are of every page, whichever page is on screen.
  await expect(table.getByRole('row').last()).toContainText(
    `Total (${recordCount.toLocaleString('en-US')} students)`,
  );
  // The 200 aid students uploaded for the term have no books yet: the report has pages.
  expect(recordCount).toBeGreaterThan(REPORT_PAGE_SIZE);
  await expect(page.getByText(`1–50 of ${recordCount.toLocaleString('en-US')}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next page of aid students' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(`51–${Math.min(100, recordCount)} of`)).toBeVisible();
  await page.goto(
    `${portal.baseUrl}/funding-management/reports?report=access-day&term=${term.termId}&page=${screenPage}`,
  );
  const listed = table
    .getByRole('row')
    .filter({ hasText: `${fullName(student)} (${student.studentIdNum})` });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(sourceName);
  await expect(listed).toContainText(formatMoney(AMOUNT_CENTS));
  await expect(table.getByRole('row').filter({ hasText: sourceName })).toHaveCount(
    onScreen.filter((r) => r.sourceNames.includes(sourceName)).length,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .xlsx of the day-7 access report' }).click();
  const file = await download;
  const termSlug = term.termName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^funding-access-day-${termSlug}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  );
  const bytes = readFileSync(await file.path());
  expect(bytes.length).toBeGreaterThan(0);
  // An .xlsx workbook is a zip archive.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await context.close();
});

test('a user without MANAGE_VOUCHERS has no Funding Management item and a 403 from every funding endpoint', async ({
  browser,
}) => {
  const { context, page, session: reporter } = await portalPage(browser, portal, 'reporter');
  await page.goto(`${portal.baseUrl}/dashboard`);
  await expect(mainNav(page).getByText('Help', { exact: true })).toBeVisible();
  await expect(mainNav(page).getByText('Funding Management')).toHaveCount(0);
  // Typing the address shows the server's refusal, not the store's money.
  await page.goto(`${portal.baseUrl}/funding-management`);
  await expect(page.getByRole('alert')).toContainText('You cannot manage funding');
  await expect(page.getByRole('alert')).toContainText(FUNDING_REFUSAL);
  await expect(page.getByRole('article')).toHaveCount(0);

  const before = await sourceNow();
  const { allowances } = await allowancePage(1, clerkStudent.student.studentIdNum);
  const requests = fundingRequests({
    term,
    studentIdNum: badAmountStudent.studentIdNum,
    sourceId: source.sourceId,
    allowanceId: allowances[0]!.allowanceId,
    uploadId,
    version: before.version,
  });
  const names = FUNDING_ENDPOINTS.map((e) => e.name);
  expect(names.length).toBeGreaterThan(20);
  // Every contract is in the table (a new endpoint must be added to it), and only those.
  expect([...Object.keys(requests), 'getStudentFunding'].sort()).toEqual([...names].sort());

  for (const { name, endpoint } of FUNDING_ENDPOINTS) {
    if (name === 'getStudentFunding') continue;
    const { params, ...call } = requests[name]!;
    const res = await portalEndpoint<{ message?: string }>(
      portal,
      reporter,
      endpoint,
      params,
      call,
    );
    expect(res.status, `${name}: ${endpoint.method} ${endpoint.path}`).toBe(403);
    expect(res.body.message, name).toBe(FUNDING_REFUSAL);
  }
  // Nothing was written by the refused calls.
  const after = await sourceNow();
  expect(after.version).toBe(before.version);
  expect(after.figures).toEqual(before.figures);
  expect(
    (await portalApi<{ sources: FundingSource[] }>(portal, manager, getFundingSources)).sources,
  ).not.toContainEqual(expect.objectContaining({ name: 'Refused source' }));

  // A student's funding needs MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING: the reporter looks
  // students up (VIEW_SECTION, VIEW_TRANSACTIONS) but holds neither; the instructor, who only
  // adopts, may not even look students up.
  const student = clerkStudent.student.customerId;
  const unseen = await portalEndpoint<{ message: string }>(
    portal,
    reporter,
    getStudentFunding,
    {},
    { query: { customerId: student } },
  );
  expect(unseen.status).toBe(403);
  expect(unseen.body.message).toBe(STUDENT_FUNDING_REFUSAL);
  const instructor = await signIn(portal, 'instructor');
  const refused = await portalEndpoint<{ message: string }>(
    portal,
    instructor,
    getStudentFunding,
    {},
    { query: { customerId: student } },
  );
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(STUDENT_LOOKUP_REFUSAL);
  await context.close();
});
