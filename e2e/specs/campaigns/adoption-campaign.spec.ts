import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  getAdoptionDeadlines,
  getCampaignRecipients,
  getTermCampaign,
  setAdoptionDeadline,
  type TermCampaign,
  type TermDeadline,
} from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { portalApi, portalPage, startOwnPortal, type OwnPortal } from '../../support/own-portal.ts';
import { shot } from '../../support/shots.ts';

/*
 * Adoption campaigns (issue 30, point 2) as the demo course materials team: a coming term's
 * deadline is set to today, its campaign is scheduled with the default steps from the page, and
 * the "on the day" step goes out at once: one reminder per instructor or submitter in the
 * portal's outbox (DATA_DIR/mail without SMTP), each with its unsubscribe link, which an
 * instructor opens signed out and uses. Campaigns send e-mail and change what every section's
 * people are sent, so the spec runs on a portal of its own, in order.
 */
test.describe.configure({ mode: 'serial' });

let portal: OwnPortal;
let term: TermDeadline;
/** The reminders' unsubscribe links, one per person mailed. */
let unsubscribeLinks: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startOwnPortal('campaign');
});

test.afterAll(async () => {
  await portal?.stop();
});

const campaignPath = (termId: number) => `/campaigns/deadlines/${termId}/campaign`;

interface Mail {
  to: string;
  subject: string;
  unsubscribe: string;
}

/** The campaign e-mails the portal wrote: each file's To, Subject and List-Unsubscribe link. */
function campaignMails(): Mail[] {
  const dir = join(portal.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => {
      // Header lines may be folded onto the next line: unfolded, each is on one line.
      const raw = readFileSync(join(dir, file), 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
      return {
        to: header('To'),
        subject: header('Subject'),
        unsubscribe: /<([^>]+)>/.exec(header('List-Unsubscribe'))?.[1] ?? '',
      };
    })
    .filter((mail) => mail.unsubscribe !== '');
}

async function screenshot(page: Page, name: string) {
  // From the top, or the fixed app bar is drawn across the middle of the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

test('the course materials team schedules a term’s campaign and its step due today goes out to each instructor', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page, session } = await portalPage(browser, portal, 'cma');
  const { terms, today } = await portalApi<{ terms: TermDeadline[]; today: string }>(
    portal,
    session,
    getAdoptionDeadlines,
  );
  const coming = terms.find((t) => t.startDate > today && t.open > 0);
  expect(coming, 'the demo has a coming term with sections not adopted').toBeDefined();
  term = coming!;
  await portalApi(
    portal,
    session,
    setAdoptionDeadline,
    { termId: term.termId },
    { body: { deadline: today } },
  );
  const { people, total } = await portalApi<{ people: { email: string }[]; total: number }>(
    portal,
    session,
    getCampaignRecipients,
    { termId: term.termId },
  );
  expect(total, 'people to remind').toBeGreaterThan(1);

  await page.goto(`${portal.baseUrl}/campaigns/deadlines`);
  await page.locator(`a[href="${campaignPath(term.termId)}"]`).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Adoption campaign: ${term.termName}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Schedule campaign' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  // Due today, it leaves the steps to edit for the steps sent at once, SENDING then SENT.
  const sentSteps = page.getByRole('list', { name: 'Steps sent' });
  const onTheDay = sentSteps
    .getByRole('listitem')
    .filter({ hasText: 'on the day of the deadline' });
  // Polled every 2 s while it sends; then the page stops asking.
  await expect(onTheDay).toContainText(/ · Sent · Sent \d+ of \d+ · \d+ not sent · 0 waiting/, {
    timeout: 45_000,
  });
  const campaign = await portalApi<TermCampaign>(portal, session, getTermCampaign, {
    termId: term.termId,
  });
  const sent = campaign.steps.find((s) => s.kind === 'REMINDER' && s.daysFromDeadline === 0);
  expect(sent?.state).toBe('SENT');
  await expect(page.getByText(`E-mails sent: ${campaign.emailsSent}`)).toBeVisible();

  const mails = campaignMails().filter((m) => m.subject.includes(term.termName));
  const addresses = mails.map((m) => m.to.toLowerCase());
  // One reminder per person, to exactly the people the preview listed.
  expect(new Set(addresses).size).toBe(addresses.length);
  expect(addresses.length).toBe(sent?.sent);
  expect(addresses.length).toBe(total);
  for (const person of people) expect(addresses).toContain(person.email);
  for (const mail of mails) {
    expect(mail.unsubscribe).toMatch(
      new RegExp(`^${portal.baseUrl}/campaign-unsubscribe\\?token=[A-Za-z0-9_-]{20,64}$`),
    );
  }
  unsubscribeLinks = mails.map((m) => m.unsubscribe);
  await context.close();
});

for (const width of [1280, 390]) {
  test(`the campaign page has no axe violations at ${width}px`, async ({ browser }) => {
    const { context, page } = await portalPage(browser, portal, 'cma', { width, height: 900 });
    await page.goto(`${portal.baseUrl}${campaignPath(term.termId)}`);
    await expect(page.getByRole('button', { name: 'Save schedule' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'People a reminder would e-mail' })).toBeVisible();
    await expectNoAxeViolations(page, `adoption campaign at ${width}px`);
    await expectNoOverflow(page);
    await screenshot(page, `adoption-campaign-${width}`);
    await context.close();
  });
}

for (const [index, width] of [1280, 390].entries()) {
  test(`an instructor unsubscribes with the e-mail’s link, signed out, at ${width}px`, async ({
    browser,
  }) => {
    const link = unsubscribeLinks[index];
    expect(link, 'a reminder for this width').toBeDefined();
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(link!);
    await expect(
      page.getByText(/^Stop e-mails about .+ course materials to .+@.+\?$/),
    ).toBeVisible();
    await expectNoAxeViolations(page, `unsubscribe question at ${width}px`);
    await expectNoOverflow(page);
    await screenshot(page, `campaign-unsubscribe-${width}`);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toHaveText(
      /^You will get no more e-mails of this campaign from .+\.$/,
    );
    await expectNoAxeViolations(page, `unsubscribed at ${width}px`);
    await screenshot(page, `campaign-unsubscribed-${width}`);
    // Opened again (or by a mail scanner), the link says so at once.
    await page.reload();
    await expect(page.getByRole('status')).toHaveText(/no more e-mails of this campaign/);
    await context.close();
  });
}
