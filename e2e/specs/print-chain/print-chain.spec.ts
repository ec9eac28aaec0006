import type { Page } from '@playwright/test';
import type { RentalItem, SessionResponse } from '@csp/contracts';
import { DYMO_HOSTS, DYMO_PORTS } from '@csp/dymo';
import { startDymoEmulator, type DymoEmulator } from '@csp/dymo/emulator';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  createPdfQueue,
  arrived,
  cupsUnavailable,
  deletePdfQueue,
  pickAgentPrinter,
  startPrintAgent,
} from '../../support/print-services.ts';
import { hostUrl } from '../../support/server.ts';
import {
  conditionPicker,
  featuredStudent,
  outstandingOf,
  rentalCheckbox,
  scan,
} from '../../support/students.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';

/*
 * docs/behaviour/flows.md#return-flow step 3-4, tried as a clerk would: a return's label goes to the local print
 * service (here the real print agent printing through CUPS into a cups-pdf queue), else to the
 * DYMO printer (the emulator of DYMO Connect), else opens in a new tab, and the clerk is told
 * why. Featured students 900000007 and 900000008 each return one rental here, 900000009 two (the
 * orders specs only read their rentals).
 */

test.describe.configure({ mode: 'serial' });

const QUEUE = `CSP-E2E-Labels-${process.pid}`;
const cups = cupsUnavailable();
if (cups) console.warn(`Print chain: the print agent's CUPS path is skipped: ${cups}.`);

test.beforeAll(() => {
  if (!cups) createPdfQueue(QUEUE);
});
test.afterAll(() => {
  if (!cups) deletePdfQueue(QUEUE);
});

async function openStudent(page: Page, baseUrl: string, session: SessionResponse, id: string) {
  const student = await featuredStudent(session, id);
  const [item] = await outstandingOf(session, student.customerId);
  if (!item) throw new Error(`Featured student ${id} has no outstanding rental left`);
  await page.goto(`${baseUrl}/search/student/${student.customerId}`);
  await expect(rentalCheckbox(page, item)).toBeVisible();
  return { student, item };
}

async function returnOne(page: Page, item: RentalItem) {
  await scan(page, item.serialItemRefNum);
  await conditionPicker(page, item).selectOption('Good');
  await page.getByRole('button', { name: 'Return 1 rental' }).click();
  await expect(page.getByText('Returned 1 rental.', { exact: true })).toBeVisible();
}

/** A screenshot to look at, when SCREENSHOT_DIR asks for them. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const context = (browser: Parameters<typeof newLoggedInContext>[0]) =>
  newLoggedInContext(browser, 'cma', 'localhost', { ignoreHTTPSErrors: true });

test('with the print agent running, a return prints its label into the CUPS queue and opens no tab', async ({
  browser,
}) => {
  test.skip(cups !== null, `CUPS: ${cups}`);
  const agent = await startPrintAgent(hostUrl('localhost'));
  try {
    await pickAgentPrinter(QUEUE);
    const { context: ctx, page, session, baseUrl } = await context(browser);
    const tabs: Page[] = [];
    ctx.on('page', (tab) => tabs.push(tab));
    const { item } = await openStudent(page, baseUrl, session, '900000007');
    const since = Date.now() - 1000;
    await returnOne(page, item);

    await expect(page.getByText(`Label printed on ${QUEUE} (Local print service).`)).toBeVisible();
    // The PDF really comes out of the queue: the label of this return.
    await expect
      .poll(() => arrived(`return-label-${item.serialItemLabel}.pdf`, since), { timeout: 30_000 })
      .toBe(true);
    expect(tabs).toHaveLength(0);
    await expect(page.getByText(/open in new tabs? instead/)).toHaveCount(0);
    await shot(page, 'return-printed-by-agent');
    await ctx.close();
  } finally {
    await agent.stop();
  }
});

test('with the agent stopped and DYMO Connect up, the label goes to the DYMO printer', async ({
  browser,
}) => {
  const emulator: DymoEmulator = await startDymoEmulator({ port: 41951 });
  try {
    const { context: ctx, page, session, baseUrl } = await context(browser);
    const tabs: Page[] = [];
    ctx.on('page', (tab) => tabs.push(tab));
    const { item } = await openStudent(page, baseUrl, session, '900000008');
    await returnOne(page, item);

    await expect(
      page.getByText('Label printed on DYMO LabelWriter 450 (DYMO label printer).'),
    ).toBeVisible();
    expect(emulator.printed).toHaveLength(1);
    const [label] = emulator.printed;
    expect(label?.printerName).toBe('DYMO LabelWriter 450');
    // A 30256 shipping label with this return's facts.
    expect(label?.labelXml).toContain('30256 Shipping');
    expect(label?.labelXml).toContain(item.serialItemLabel);
    expect(label?.labelXml).toContain('Kenji Watanabe');
    expect(label?.printParamsXml).toContain(`<JobTitle>Rental return ${item.serialItemLabel}`);
    expect(tabs).toHaveLength(0);
    await ctx.close();
  } finally {
    await emulator.close();
  }
});

test('with both down, the label opens in a new tab and the clerk is told why', async ({
  browser,
}) => {
  const { context: ctx, page, session, baseUrl } = await context(browser);
  const { item } = await openStudent(page, baseUrl, session, '900000009');
  const tab = ctx.waitForEvent('page');
  await returnOne(page, item);

  // The label note is one polite live region.
  const why = page.getByRole('status').filter({ hasText: 'The label opens in a new tab instead' });
  await expect(why).toBeVisible();
  await expect(why).toContainText('The local print service did not answer on port 9090');
  await expect(why).toContainText(/DYMO Connect/);
  // The way to fix it is right there.
  await expect(why.getByRole('button', { name: 'Check printers' })).toBeVisible();
  await shot(page, 'return-labels-in-tabs');
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/\/app-rest\/admin_portal\/v1\/labels\/[\w-]+$/);
  await ctx.close();
});

test('with both down, a return and the printer check after it ask each service once', async ({
  browser,
}) => {
  const { context: ctx, page, session, baseUrl } = await context(browser);
  // Each refused connection is an error in the clerk's console.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { item } = await openStudent(page, baseUrl, session, '900000009');
  const tab = ctx.waitForEvent('page');
  await returnOne(page, item);
  const why = page.getByRole('status').filter({ hasText: 'The label opens in a new tab instead' });
  await expect(why).toBeVisible();
  await (await tab).close();

  await why.getByRole('button', { name: 'Check printers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Printers for labels' });
  await expect(dialog.getByText(/Labels print through: New browser tabs/)).toBeVisible();
  // One probe of each: the agent's health check, and DYMO Connect on each of its addresses.
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.length).toBeLessThanOrEqual(1 + DYMO_HOSTS.length * DYMO_PORTS.length);
  await ctx.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('the printer panel shows what each path sees, picks printers and prints test labels', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = cups ? null : await startPrintAgent(hostUrl('localhost'));
  const emulator = await startDymoEmulator({ port: 41951, fault: 'reports-disconnected' });
  try {
    const { context: ctx, page, session, baseUrl } = await context(browser);
    await openStudent(page, baseUrl, session, '900000007');
    await page.getByRole('button', { name: 'Printers', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Printers for labels' });
    await expect(dialog).toBeVisible();

    if (agent) {
      // The agent's printers as CUPS lists them; picking one is PUT defaultPrinter.
      await dialog.getByRole('radio', { name: new RegExp(QUEUE) }).check();
      await expect(
        dialog.getByText(`Labels print through: Local print service, on ${QUEUE}.`),
      ).toBeVisible();
      const since = Date.now() - 1000;
      await dialog
        .getByRole('button', { name: 'Print a test label through the local print service' })
        .click();
      await expect(dialog.getByText(`Test label sent to ${QUEUE}.`)).toBeVisible();
      await expect.poll(() => arrived('test-label.pdf', since), { timeout: 30_000 }).toBe(true);
    }

    // DYMO Connect says the printer is not connected, as newer versions do: it is used anyway.
    await expect(dialog.getByText('DYMO Connect answers at https://127.0.0.1:41951')).toBeVisible();
    await expect(
      dialog.getByRole('radio', { name: /DYMO LabelWriter 450: reports not/ }),
    ).toBeChecked();
    await dialog
      .getByRole('button', { name: 'Print a test label on the DYMO label printer' })
      .click();
    await expect(dialog.getByText('Test label sent to DYMO LabelWriter 450.')).toBeVisible();
    expect(emulator.printed.at(-1)?.labelXml).toContain('TEST LABEL');

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page, `printer panel, both paths up (${size.name})`);
      await shot(page, `printers-up-${size.name}`);
    }

    // The agent goes away: the panel says so, and how to bring it back.
    await agent?.stop();
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(
      dialog.getByText('Labels print through: DYMO label printer, DYMO LabelWriter 450.'),
    ).toBeVisible();
    await expect(
      dialog.getByText(/npm start -w apps\/print-agent -- --portal-origin http:\/\/localhost/),
    ).toBeVisible();
    await emulator.close();
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog.getByText(/Labels print through: New browser tabs/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Open the DYMO check page/ })).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page, `printer panel, both paths down (${size.name})`);
      await shot(page, `printers-down-${size.name}`);
    }
    await ctx.close();
  } finally {
    await agent?.stop();
    await emulator.close();
  }
});
