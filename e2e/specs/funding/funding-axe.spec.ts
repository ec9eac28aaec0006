import type { Locator, Page } from '@playwright/test';
import {
  formatMoney,
  type AllowanceUpload,
  type EnrolledStudent,
  type FundingSource,
  type OrderableItem,
  type SessionResponse,
} from '@csp/contracts';
import { expect, test } from '../../support/fixtures.ts';
import {
  VIEWPORTS,
  aidSourceInput,
  allowanceCsv,
  applyThroughApi,
  createSourceThroughApi,
  currentTerm,
  dollarsText,
  figure,
  openOrderReview,
  openSourceTab,
  orderAndCancelThroughApi,
  saveShot,
  sidewaysOverflow,
  startFundingPortal,
  studentFundingPanel,
  termOrderables,
  termStudents,
  uploadThroughApi,
  type AidTerm,
  type ViewportName,
} from '../../support/funding.ts';
import { portalPage, signIn, type OwnPortal } from '../../support/own-portal.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';

/*
 * Every funding screen passes axe-core at a desktop and a phone size, in its busy state: the
 * sources with their bars, the source form, a source's allowances, an allowance file's report
 * with rejected rows waiting to be applied, the ledger with a charge and its refund, the
 * activity, the three reports, the student's Funding panel and the order review paid from
 * funding. Each is saved as a picture for a person to look at (/tmp/shots). The data is set up
 * through the API on a portal of this file's own, with fewer students than the flow spec: the
 * screens, not the volume, are the point here.
 */
test.describe.configure({ mode: 'serial' });

const AMOUNT_CENTS = 25_000;
const STUDENTS = 20;

let portal: OwnPortal;
let term: AidTerm;
let source: FundingSource;
let checkedUpload: AllowanceUpload;
let student: EnrolledStudent;
let item: OrderableItem;

/** The first of the students with a required material of the term still to order. */
async function studentToOrderFor(manager: SessionResponse, students: EnrolledStudent[]) {
  for (const candidate of students) {
    const [first] = await termOrderables(portal, manager, term, candidate.customerId);
    if (first) return { student: candidate, item: first };
  }
  throw new Error('No student of the demo term has a required material to order');
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startFundingPortal();
  const manager = await signIn(portal, 'cma');
  term = await currentTerm(portal, manager);
  const students = await termStudents(portal, manager, term, STUDENTS + 5);
  const applied = students.slice(0, STUDENTS);
  const [waiting, refused] = [students.slice(STUDENTS, STUDENTS + 3), students.slice(-2)];
  source = await createSourceThroughApi(
    portal,
    manager,
    aidSourceInput(term, `Book Advance ${term.termName} (E2E axe)`, 1_000_000, 40_000),
  );
  const first = await uploadThroughApi(portal, manager, source.sourceId, {
    name: 'fall-aid.csv',
    csv: allowanceCsv(applied.map((s) => [s.studentIdNum, dollarsText(AMOUNT_CENTS), 'Fall aid'])),
  });
  await applyThroughApi(portal, manager, first.uploadId);
  // A second file, checked and not applied: valid rows and every kind of rejected one.
  checkedUpload = await uploadThroughApi(portal, manager, source.sourceId, {
    name: 'fall-aid-late-additions.csv',
    csv: allowanceCsv([
      ...waiting.map((s) => [s.studentIdNum, '125.50'] as const),
      [applied[0]!.studentIdNum, '100.00', 'already has one'],
      ['999999999', '100.00'],
      [refused[0]!.studentIdNum, '12.345'],
      [refused[1]!.studentIdNum, '450.00'],
    ]),
  });
  expect(checkedUpload).toMatchObject({ status: 'CHECKED', rowsRejected: 4 });
  ({ student, item } = await studentToOrderFor(manager, applied));
  const clerk = await signIn(portal, 'admin');
  const order = await orderAndCancelThroughApi(portal, clerk, student.customerId, item);
  expect(order.funding[0]?.refundedCents).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await portal?.stop();
});

/** A table on a desktop, the same rows as a list of cards on a phone. */
function tableOrCards(page: Page, name: string): Locator {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name }));
}

for (const size of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`every funding screen passes axe at ${size} size (${VIEWPORTS[size].width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const sideways: string[] = [];
    const { context, page } = await portalPage(browser, portal, 'cma', VIEWPORTS[size]);
    const base = portal.baseUrl;
    const check = async (screen: string, what: 'page' | 'dialog' = 'page') => {
      await expectNoAxeViolations(page, `${screen} at ${size}`);
      await saveShot(page, screen, size, what);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) sideways.push(`${screen}: ${overflow}px`);
    };

    await page.goto(`${base}/funding-management`);
    await expect(page.getByRole('article', { name: source.name })).toBeVisible();
    await check('sources');

    await page.getByRole('button', { name: 'New source' }).click();
    const form = page.getByRole('dialog', { name: 'New funding source' });
    await expect(form.getByRole('combobox', { name: 'Terms' })).toBeVisible();
    await check('source-form', 'dialog');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await openSourceTab(page, base, source, 'allowances');
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
      `${STUDENTS} allowances`,
    );
    await check('source-allowances');

    await page.getByRole('button', { name: /^E-mail [\d,]+ vouchers?$/ }).click();
    const mailing = page.getByRole('dialog', { name: /^E-mail [\d,]+ vouchers?\?$/ });
    await expect(mailing.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await check('source-email-vouchers', 'dialog');
    await mailing.getByRole('button', { name: 'Cancel' }).click();
    await expect(mailing).toBeHidden();

    await openSourceTab(page, base, source, 'upload', `&upload=${checkedUpload.uploadId}`);
    const report = page.getByRole('region', { name: `Report: ${checkedUpload.fileName}` });
    await expect(tableOrCards(page, 'Rejected rows')).toBeVisible();
    await expect(report.getByRole('button', { name: 'Apply 3 allowances' })).toBeVisible();
    await check('source-upload-report');

    await openSourceTab(page, base, source, 'ledger');
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
      `${STUDENTS + 2} entries`,
    );
    await check('source-ledger');

    await openSourceTab(page, base, source, 'activity');
    await expect(page.getByRole('list', { name: 'Activity' })).toBeVisible();
    await check('source-activity');

    await page.goto(`${base}/funding-management/reports?report=spending`);
    await expect(tableOrCards(page, 'Spending by source and term')).toBeVisible();
    await check('reports-spending');

    await page.goto(`${base}/funding-management/reports?report=near-expiry`);
    await expect(tableOrCards(page, 'Unspent allowances near expiry')).toBeVisible();
    await check('reports-near-expiry');

    await page.goto(`${base}/funding-management/reports?report=access-day&term=${term.termId}`);
    await expect(
      tableOrCards(page, `Aid students of ${term.termName} without their materials`),
    ).toBeVisible();
    await check('reports-access-day');

    await page.goto(`${base}/search/student/${student.customerId}`);
    const { allowance } = studentFundingPanel(page, source.name);
    await expect(figure(allowance, 'Balance')).toHaveText(formatMoney(AMOUNT_CENTS));
    await expect(
      page.getByRole('region', { name: 'Required materials' }).getByRole('article').first(),
    ).toBeVisible();
    await check('student-funding-panel');

    const dialog = await openOrderReview(page, student, item.title);
    const paid = dialog.getByRole('list', { name: 'Paid from funding' });
    await expect(paid).toContainText(source.name);
    await expect(figure(dialog, 'Student pays')).toBeVisible();
    await paid.scrollIntoViewIfNeeded();
    await check('order-review-funding', 'dialog');

    expect(sideways, 'screens that scroll sideways').toEqual([]);
    await context.close();
  });
}
