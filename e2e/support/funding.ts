import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  applyAllowanceUpload,
  cancelOrder,
  createFundingSource,
  createOrder,
  getAllowances,
  getCustomerOrderableItems,
  getFundingSources,
  getFundingTerms,
  getSectionDetail,
  getShippingPrices,
  getStudentFunding,
  sectionList,
  uploadAllowances,
  type AllowanceUpload,
  type EnrolledStudent,
  type FundingSourceInput,
  type FundingAllowance,
  type FundingSource,
  type OrderSummary,
  type OrderableItem,
  type SectionDetailDTO,
  type SectionRow,
  type SessionResponse,
  type ShippingPrice,
  type StudentAllowance,
} from '@csp/contracts';
import { expect } from './fixtures.ts';
import { portalApi, startOwnPortal, type OwnPortal } from './own-portal.ts';
import { shot } from './shots.ts';

/*
 * Helpers of the funding specs (issue 14). Their portal is their own: 200 students get
 * allowances that pay part of every order they place, which the shared server's order specs
 * would see in their totals.
 */

export const startFundingPortal = () => startOwnPortal('funding');

export interface FundingTerm {
  termId: number;
  termName: string;
  divisionName: string;
  startDate: string;
  endDate: string;
}

/** The term an aid source is for, and a charge window that contains today. */
export interface AidTerm extends FundingTerm {
  chargeStartsOn: string;
  chargeEndsOn: string;
}

/** Today in UTC, as the server counts charge windows. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The demo's current term on the main campus: the one under way, or between two terms (the seed
 * dates its terms around its own day, which may fall in a break) the next one, as a store gives
 * aid ahead of a term. Its charge window is the term's, opened today when the term starts later.
 */
export async function currentTerm(portal: OwnPortal, session: SessionResponse): Promise<AidTerm> {
  const { terms } = await portalApi<{ terms: FundingTerm[] }>(portal, session, getFundingTerms);
  const today = utcToday();
  const main = terms.filter((t) => t.divisionName === 'Main Campus');
  const term =
    main.find((t) => t.startDate <= today && today <= t.endDate) ??
    main
      .filter((t) => t.startDate > today)
      .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  if (!term) throw new Error(`The demo has no Main Campus term under way or to come on ${today}`);
  return {
    ...term,
    chargeStartsOn: term.startDate < today ? term.startDate : today,
    chargeEndsOn: term.endDate,
  };
}

/** Every allowance of every source of the store (the demo seed's own). */
async function studentsWithAllowances(
  portal: OwnPortal,
  session: SessionResponse,
): Promise<Set<number>> {
  const { sources } = await portalApi<{ sources: FundingSource[] }>(
    portal,
    session,
    getFundingSources,
  );
  const held = new Set<number>();
  for (const source of sources) {
    for (let page = 1; ; page++) {
      const body = await portalApi<{ allowances: FundingAllowance[]; recordCount: number }>(
        portal,
        session,
        getAllowances,
        { sourceId: source.sourceId },
        { query: { page, pageSize: 100 } },
      );
      for (const a of body.allowances) held.add(a.customerId);
      if (page * 100 >= body.recordCount) break;
    }
  }
  return held;
}

/**
 * Students of the term's sections (as Section Research lists them: sections with adoptions
 * first, so most have required materials), in a fixed order, leaving out any who already has an
 * allowance of the demo seed: each of them has this test's allowance alone.
 */
export async function termStudents(
  portal: OwnPortal,
  session: SessionResponse,
  term: FundingTerm,
  count: number,
): Promise<EnrolledStudent[]> {
  const held = await studentsWithAllowances(portal, session);
  const { sections } = await portalApi<{ sections: SectionRow[] }>(
    portal,
    session,
    sectionList,
    {},
    { body: { termId: term.termId, pageSize: 100, sortField: 'courseCode', sortDirection: 'asc' } },
  );
  const ordered = [
    ...sections.filter((s) => s.listingCount > 0),
    ...sections.filter((s) => s.listingCount === 0),
  ];
  const found = new Map<number, EnrolledStudent>();
  for (const section of ordered) {
    const detail = await portalApi<SectionDetailDTO>(
      portal,
      session,
      getSectionDetail,
      {},
      { query: { sectionId: section.sectionId } },
    );
    const enrolled = Object.values(detail.studentsEnrolled).sort((a, b) =>
      a.studentIdNum.localeCompare(b.studentIdNum),
    );
    for (const student of enrolled) {
      if (!held.has(student.customerId)) found.set(student.customerId, student);
    }
    if (found.size >= count) break;
  }
  if (found.size < count) {
    throw new Error(`The demo's ${term.termName} has ${found.size} students without funding`);
  }
  return [...found.values()].slice(0, count);
}

/** The student's required materials not yet had, of the term's own sections. */
export async function termOrderables(
  portal: OwnPortal,
  session: SessionResponse,
  term: FundingTerm,
  customerId: number,
): Promise<OrderableItem[]> {
  const { orderableItems } = await portalApi<{ orderableItems: OrderableItem[] }>(
    portal,
    session,
    getCustomerOrderableItems,
    {},
    { query: { customerId } },
  );
  return orderableItems.filter(
    (i) => i.termName === term.termName && i.divisionName === term.divisionName,
  );
}

export async function studentFunding(
  portal: OwnPortal,
  session: SessionResponse,
  customerId: number,
) {
  return portalApi<{ allowances: StudentAllowance[]; availableCents: number }>(
    portal,
    session,
    getStudentFunding,
    {},
    { query: { customerId } },
  );
}

/** An allowance file as a spreadsheet exports it: the header, then one row per line. */
export function allowanceCsv(rows: readonly (readonly [string, string, string?])[]): Buffer {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = [
    'Student ID,Amount,Note',
    ...rows.map((r) => [r[0], r[1], r[2] ?? ''].map(quote).join(',')),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Dollars as a file holds them: 25000 -> "250.00". */
export const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/** A financial-aid source of the term as the form makes it: the term's window, a cap. */
export function aidSourceInput(
  term: AidTerm,
  name: string,
  budgetCents: number,
  capCents: number,
): FundingSourceInput {
  return {
    name,
    kind: 'FINANCIAL_AID',
    budgetCents,
    termIds: [term.termId],
    chargeStartsOn: term.chargeStartsOn,
    chargeEndsOn: term.chargeEndsOn,
    perStudentCapCents: capCents,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    promotion: null,
  };
}

export function createSourceThroughApi(
  portal: OwnPortal,
  session: SessionResponse,
  source: FundingSourceInput,
): Promise<FundingSource> {
  return portalApi<FundingSource>(
    portal,
    session,
    createFundingSource,
    {},
    {
      body: { source, clientKey: randomUUID() },
    },
  );
}

/** Sends an allowance file as the page does (the raw file as the body); answers its report. */
export function uploadThroughApi(
  portal: OwnPortal,
  session: SessionResponse,
  sourceId: number,
  file: { name: string; csv: Buffer },
): Promise<AllowanceUpload> {
  return portalApi<AllowanceUpload>(
    portal,
    session,
    uploadAllowances,
    { sourceId },
    {
      query: { fileName: file.name },
      body: file.csv,
      contentType: 'text/csv',
    },
  );
}

export function applyThroughApi(
  portal: OwnPortal,
  session: SessionResponse,
  uploadId: number,
): Promise<AllowanceUpload> {
  return portalApi<AllowanceUpload>(portal, session, applyAllowanceUpload, { uploadId });
}

/** The store's pick-up method (an order that ships nowhere). */
export async function pickUpMethod(portal: OwnPortal, session: SessionResponse): Promise<string> {
  const { shippingPrices } = await portalApi<{ shippingPrices: ShippingPrice[] }>(
    portal,
    session,
    getShippingPrices,
  );
  const pickUp = shippingPrices.find((m) => !m.shipsToAddress);
  if (!pickUp) throw new Error('The demo store has no pick-up method');
  return pickUp.code;
}

/** The body of an order of one item at its cheapest option, paid from the student's funding. */
export function fundedOrderBody(customerId: number, item: OrderableItem, shippingMethod: string) {
  return {
    customerId,
    items: [
      {
        sectionId: item.sectionId,
        titleId: item.titleId,
        fulfillmentType: item.options[0]!.fulfillmentType,
      },
    ],
    shippingMethod,
    funding: { useAllowances: true },
    clientKey: randomUUID(),
  };
}

/** Places an order paid from funding and cancels it: a CHARGE and its REFUND in the ledger. */
export async function orderAndCancelThroughApi(
  portal: OwnPortal,
  clerk: SessionResponse,
  customerId: number,
  item: OrderableItem,
): Promise<OrderSummary> {
  const shipping = await pickUpMethod(portal, clerk);
  const { order } = await portalApi<{ order: OrderSummary }>(
    portal,
    clerk,
    createOrder,
    {},
    {
      body: fundedOrderBody(customerId, item, shipping),
    },
  );
  const cancelled = await portalApi<{ order: OrderSummary }>(
    portal,
    clerk,
    cancelOrder,
    {},
    {
      body: { customerId, orderId: order.orderId },
    },
  );
  return cancelled.order;
}

/* ---- In the browser ---- */

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SHOTS_DIR = '/tmp/shots';

/**
 * A PNG for the lead to look at: /tmp/shots/funding-{screen}-{size}.png. A page is taken whole
 * from its top (the app bar stays where a person sees it); a dialog as the screen shows it.
 */
export async function saveShot(
  page: Page,
  screen: string,
  size: ViewportName,
  what: 'page' | 'dialog' = 'page',
): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  if (what === 'page') await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, {
    path: `${SHOTS_DIR}/funding-${screen}-${size}.png`,
    fullPage: what === 'page',
  });
}

/** How far the page scrolls sideways (0 when nothing sticks out of the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export const fullName = (s: Pick<EnrolledStudent, 'firstName' | 'lastName'>) =>
  `${s.firstName} ${s.lastName}`;

/** The student screen's Funding panel, and one source's allowance in it. */
export function studentFundingPanel(page: Page, sourceName: string) {
  const panel = page.getByRole('region', { name: 'Funding', exact: true });
  return { panel, allowance: panel.getByRole('article', { name: sourceName }) };
}

/**
 * Create order on the student screen, one item chosen, through the shipping step (its default
 * method) to the review; answers the dialog.
 */
export async function openOrderReview(
  page: Page,
  student: Pick<EnrolledStudent, 'firstName' | 'lastName'>,
  title: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Create order' }).click();
  const dialog = page.getByRole('dialog', { name: `Create order for ${fullName(student)}` });
  await dialog.getByRole('checkbox', { name: title }).first().check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'Shipping method' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('list', { name: 'Order lines' })).toBeVisible();
  return dialog;
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The figure under a label of a report's definition list ("Valid" -> "200"). */
export function figure(scope: Locator, label: string): Locator {
  return scope.locator(`dt:text-is("${label}") + dd`);
}

/** The h1 of a funding page once it has loaded. */
export async function expectHeading(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** A source's page on a tab (?tab=…), once the tab's heading is shown. */
export async function openSourceTab(
  page: Page,
  baseUrl: string,
  source: { sourceId: number; name: string },
  tab: 'allowances' | 'upload' | 'ledger' | 'activity',
  extra = '',
): Promise<void> {
  await page.goto(`${baseUrl}/funding-management/sources/${source.sourceId}?tab=${tab}${extra}`);
  await expectHeading(page, source.name);
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}$`, 'i') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}
