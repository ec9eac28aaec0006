import type { Locator, Page } from '@playwright/test';
import {
  DEADLINE_MESSAGES,
  getAdoptionDeadlines,
  setAdoptionDeadline,
  type TermDeadline,
} from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { portalApi, portalPage, startOwnPortal, type OwnPortal } from '../../support/own-portal.ts';
import { shot } from '../../support/shots.ts';

/*
 * Adoption deadlines (issue 30) as the demo course materials team: the first term's deadline is
 * set from the page, read back after a reload and cleared; a day after the term is refused in
 * the server's words; the page has no axe violations and fits a phone; once a deadline has
 * passed, the catalog finds the courses with sections missing. Deadlines change how
 * every section of a term stands, so the spec runs on a portal of its own, in order.
 */
test.describe.configure({ mode: 'serial' });

let portal: OwnPortal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startOwnPortal('campaigns');
});

test.afterAll(async () => {
  await portal?.stop();
});

const PAGE_PATH = '/campaigns/deadlines';

async function openDeadlines(page: Page) {
  await page.goto(`${portal.baseUrl}${PAGE_PATH}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adoption deadlines' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

/**
 * A term's card, the term as its controls name it ("Fall 2026", with ", Main Campus" when the
 * demo's several divisions each have one) and its date field.
 */
async function termCard(page: Page, index: number) {
  const card = page.getByRole('article').nth(index);
  const heading = (await card.getByRole('heading').textContent()) ?? '';
  // Chromium gives a native date input the textbox role.
  const label = (await card.getByRole('textbox').getAttribute('aria-label')) ?? '';
  expect(label.startsWith(`Deadline for ${heading}`), label).toBe(true);
  const name = label.slice('Deadline for '.length);
  const field = card.getByRole('textbox', { name: `Deadline for ${name}`, exact: true });
  return { card, name, field };
}

/** YYYY-MM-DD as the page writes it: MM/DD/YYYY. */
const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A day after `day` (YYYY-MM-DD), by `days` calendar days. */
function daysAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function lastDayOf(field: Locator): Promise<string> {
  const max = await field.getAttribute('max');
  expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return max ?? '';
}

test('the course materials team sets the first term’s deadline from the drawer, keeps it after a reload, and clears it', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Adoption deadlines' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Adoption deadlines' })).toBeVisible();

  const { card, name, field } = await termCard(page, 0);
  const day = await lastDayOf(field);
  await field.fill(day);
  await card.getByRole('button', { name: `Save deadline for ${name}` }).click();
  await expect(card.getByRole('status')).toHaveText(`Deadline saved: ${shown(day)}.`);
  await expect(card.getByText(`Adoptions due by ${shown(day)}`)).toBeVisible();

  await page.reload();
  const again = await termCard(page, 0);
  expect(again.name).toBe(name);
  await expect(again.field).toHaveValue(day);

  await again.card.getByRole('button', { name: `Clear deadline for ${name}` }).click();
  await expect(again.card.getByRole('status')).toHaveText('Deadline cleared.');
  await expect(again.field).toHaveValue('');
  await expect(again.card.getByText('No deadline set')).toBeVisible();
  await page.reload();
  await expect((await termCard(page, 0)).field).toHaveValue('');
  await context.close();
});

test('a day after the term’s last day is refused under the field, in the server’s words', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'cma');
  await openDeadlines(page);
  const { card, name, field } = await termCard(page, 0);
  await field.fill(daysAfter(await lastDayOf(field), 1));
  await card.getByRole('button', { name: `Save deadline for ${name}` }).click();
  const words = DEADLINE_MESSAGES.afterTermEnd;
  await expect(card.getByText(words.charAt(0).toUpperCase() + words.slice(1))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(card.getByRole('status')).toHaveCount(0);
  await context.close();
});

for (const width of [1280, 390]) {
  test(`has no axe violations at ${width}px, saved, refused and all`, async ({ browser }) => {
    const { context, page } = await portalPage(browser, portal, 'cma', { width, height: 900 });
    await openDeadlines(page);
    // A saved deadline, a refused one and the plain list, all on the page that is scanned.
    const first = await termCard(page, 0);
    const day = await lastDayOf(first.field);
    await first.field.fill(day);
    await first.card.getByRole('button', { name: `Save deadline for ${first.name}` }).click();
    await expect(first.card.getByRole('status')).toHaveText(`Deadline saved: ${shown(day)}.`);
    if ((await page.getByRole('article').count()) > 1) {
      const second = await termCard(page, 1);
      await second.field.fill(daysAfter(await lastDayOf(second.field), 1));
      await second.card.getByRole('button', { name: `Save deadline for ${second.name}` }).click();
      await expect(second.field).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoAxeViolations(page, `adoption deadlines at ${width}px`);
    // Nothing wider than the screen: every term reads on a phone without sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // From the top, or the fixed app bar is drawn across the middle of the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, {
      path: test.info().outputPath(`adoption-deadlines-${width}.png`),
      fullPage: true,
    });
    // Back as it was, for the next width.
    await first.card.getByRole('button', { name: `Clear deadline for ${first.name}` }).click();
    await expect(first.card.getByRole('status')).toHaveText('Deadline cleared.');
    await context.close();
  });
}

for (const width of [1280, 390]) {
  test(`the catalog lists the courses with sections missing once a coming term’s deadline has passed, at ${width}px`, async ({
    browser,
  }) => {
    const { context, page, session } = await portalPage(browser, portal, 'cma', {
      width,
      height: 900,
    });
    // A term that starts after today: its sections are in the catalog's standard window, and a
    // deadline set yesterday, as stores set them weeks ahead, has passed for every one of them.
    const { terms, today } = await portalApi<{ terms: TermDeadline[]; today: string }>(
      portal,
      session,
      getAdoptionDeadlines,
    );
    const coming = terms.find((t) => t.startDate > today && t.open > 0);
    expect(coming, 'the demo has a coming term with sections not adopted').toBeDefined();
    const setDeadline = (deadline: string | null) =>
      portalApi(
        portal,
        session,
        setAdoptionDeadline,
        { termId: coming!.termId },
        { body: { deadline } },
      );
    await setDeadline(daysAfter(today, -1));
    try {
      await page.goto(`${portal.baseUrl}/adopt?deadline=MISSING`);
      await expect(page.getByLabel('Deadline')).toHaveValue('MISSING');
      const missing = page.getByText(/^\d+ missing$/).first();
      await expect(missing).toBeVisible();
      await expectNoAxeViolations(page, `catalog of missing sections at ${width}px`);
      await shot(page, {
        path: test.info().outputPath(`catalog-missing-${width}.png`),
        fullPage: true,
      });
    } finally {
      await setDeadline(null);
    }
    // Once the deadline is gone nothing is missing.
    await page.reload();
    await expect(page.getByText('No courses match these filters')).toBeVisible();
    await context.close();
  });
}
