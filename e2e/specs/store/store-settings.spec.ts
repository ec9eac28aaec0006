import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import {
  STORAGE_KEYS,
  brandColourProblem,
  getStoreSettings,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { portalApi, portalPage, startOwnPortal, type OwnPortal } from '../../support/own-portal.ts';
import { shot } from '../../support/shots.ts';

/*
 * Settings > Store settings (issue 29) as the demo administrator: the tax rate and a website's
 * title are saved and read back, a too-light brand colour is refused as it is typed, and the
 * course materials team's account neither sees the page nor opens it. The spec saves the demo
 * store's own settings and branding, which every other spec's shared server would show (tax on
 * every order preview, the site title in every document title), so it runs on a portal of its
 * own (support/own-portal.ts), in order.
 */
test.describe.configure({ mode: 'serial' });

let portal: OwnPortal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startOwnPortal('store');
});

test.afterAll(async () => {
  await portal?.stop();
});

async function openSettings(page: Page) {
  await page.goto(`${portal.baseUrl}/settings/store`);
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store name' })).not.toHaveValue('');
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const websiteCard = (page: Page, host: string) => page.getByRole('article', { name: host });

async function replace(field: Locator, value: string) {
  await field.fill('');
  await field.fill(value);
}

test('the administrator finds Store settings under Settings, changes the tax rate, and it stays after a reload', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'admin');
  await page.goto(`${portal.baseUrl}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Store settings' }).click();
  await expect(page).toHaveURL(/\/settings\/store$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();

  const store = region(page, 'Store');
  const tax = store.getByRole('textbox', { name: 'Tax rate' });
  await expect(tax).toHaveValue('6.25');
  await replace(tax, '7.35');
  await store.getByRole('button', { name: 'Save store' }).click();
  await expect(store.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  await expect(region(page, 'Store').getByRole('textbox', { name: 'Tax rate' })).toHaveValue(
    '7.35',
  );
  const history = region(page, 'Recent changes');
  await expect(history.getByRole('listitem').first()).toContainText('Store settings changed');
  await expect(history.getByRole('listitem').first()).toContainText(
    'Changed: tax rate from 6.25 to 7.35',
  );
  await expect(history.getByRole('listitem').first()).toContainText('admin@demo-university.edu');
  await context.close();
});

test('the administrator renames a website’s site title; the site carries it on the next page load', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'admin');
  await openSettings(page);
  const card = websiteCard(page, 'localhost');
  await expect(card.getByText('Portal passwords only')).toBeVisible();
  const title = card.getByRole('textbox', { name: 'Site title' });
  await expect(title).toHaveValue('Demo University Campus Store');
  await replace(title, 'Demo University Textbooks');
  await card.getByRole('button', { name: 'Save localhost' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved. Visitors see the new branding on their next page load.',
  );

  await page.reload();
  await expect(
    websiteCard(page, 'localhost').getByRole('textbox', { name: 'Site title' }),
  ).toHaveValue('Demo University Textbooks');
  // The document title is "{page} - {site title without 'Campus Store'}": now the new title.
  await expect(page).toHaveTitle('Store settings - Demo University Textbooks');
  await context.close();
});

test('a too-light brand colour is refused as it is typed, in the server’s words, and not saved', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'admin');
  await openSettings(page);
  const card = websiteCard(page, '127.0.0.1');
  const primary = card.getByRole('textbox', { name: 'Primary colour', exact: true });
  await replace(primary, '#a3c4e8');
  const problem = brandColourProblem('#a3c4e8') ?? '';
  expect(problem).toContain('too light for white text');
  await expect(card.getByText(problem)).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');

  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/store/websites/')) puts += 1;
  });
  await card.getByRole('button', { name: 'Save 127.0.0.1' }).click();
  await expect(primary).toBeFocused();
  await expect(card.getByRole('status')).toHaveCount(0);
  expect(puts).toBe(0);

  // The colour picker puts a good colour back, and the error goes as the colour changes.
  await card.getByLabel('Choose the primary colour').fill('#1a3d6d');
  await expect(primary).toHaveValue('#1a3d6d');
  await expect(card.getByText(problem)).toHaveCount(0);
  await expect(primary).not.toHaveAttribute('aria-invalid', 'true');
  await context.close();
});

/** The development IdP's entity id (apps/server/src/dev-idp/settings.ts). */
const DEV_IDP = 'urn:campus-store-portal:dev-idp';

/** A real PNG of one grey colour, `width` × `height` pixels (the logo upload reads its bytes). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x60);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the administrator replaces the wide logo with a PNG; the portal shows it after a reload', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'admin');
  await openSettings(page);
  const logos = websiteCard(page, 'localhost').getByRole('region', { name: 'Logos of localhost' });
  await logos.getByLabel('Replace the wide logo').setInputFiles({
    name: 'bookstore-logo.png',
    mimeType: 'image/png',
    buffer: png(480, 112),
  });
  await expect(logos.getByRole('status')).toHaveText(
    'Logo replaced. Visitors see it on their next page load.',
  );
  const shown = logos.getByRole('img', { name: 'Wide logo of localhost now' });
  await expect(shown).toHaveAttribute('src', /-wide-[0-9a-f]{12}\.png$/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await context.close();
});

test('the administrator turns single sign-on on for localhost from the development IdP’s metadata, and tests it without being signed out', async ({
  browser,
  request,
}) => {
  const { context, page, session } = await portalPage(browser, portal, 'admin');
  // The demo's 127.0.0.1 website signs in through the development IdP, which the portal started
  // on a port of its own: its sign-on address names that port, and its metadata is beside it.
  const before = await portalApi<StoreSettingsAnswer>(portal, session, getStoreSettings);
  const devIdpSso = before.websites.find((w) => w.host === '127.0.0.1')?.sso.idpSsoUrl ?? '';
  expect(devIdpSso).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sso$/);
  const metadata = await request.get(new URL('/metadata', devIdpSso).href);
  expect(metadata.ok()).toBe(true);

  await openSettings(page);
  const card = websiteCard(page, 'localhost');
  await expect(card.getByText('Portal passwords only')).toBeVisible();
  await expect(card.getByRole('link', { name: /Test the sign-in/ })).toHaveCount(0);
  await card.getByLabel('Metadata file', { exact: true }).setInputFiles({
    name: 'idp.xml',
    mimeType: 'text/xml',
    buffer: await metadata.body(),
  });
  await expect(card.getByText(/^idp\.xml: [\d,]+ characters/)).toBeVisible();
  await card.getByRole('button', { name: 'Save single sign-on for localhost' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved. Users of localhost now sign in through the identity provider.',
  );
  await expect(card.getByText(`SAML single sign-on with ${DEV_IDP}`)).toBeVisible();
  const after = await portalApi<StoreSettingsAnswer>(portal, session, getStoreSettings);
  const expires = after.websites.find((w) => w.host === 'localhost')?.sso.certificateExpires;
  const validUntil = await page.evaluate((iso) => {
    const d = new Date(iso ?? '');
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
  }, expires);
  await expect(card.getByText(`valid until ${validUntil}`)).toBeVisible();

  // The test link opens the website's SAML sign-in in test mode, in a new tab of the
  // administrator's own browser (ADR 0041): the tab shows the account the provider's answer
  // matched, and the administrator's own sign-in, stored for both tabs, is left as it was.
  const testLink = card.getByRole('link', { name: /Test the sign-in/ });
  await expect(testLink).toHaveAttribute('target', '_blank');
  const href = `${portal.baseUrl}/app-rest/saml/v1/login?mode=test`;
  await expect(testLink).toHaveAttribute('href', href);
  const [tab] = await Promise.all([context.waitForEvent('page'), testLink.click()]);
  await expect(tab.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await tab.getByRole('button', { name: /cma@demo-university\.edu/ }).click();
  // The address holds only a signed token of the result, which the page redeems: nothing in
  // it says what the test found, so an address someone wrote shows no result.
  await expect(tab).toHaveURL(/\/sso-test\?result=[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(decodeURIComponent(tab.url())).not.toContain('cma@demo-university.edu');
  await expect(tab.getByRole('heading', { level: 1, name: 'Single sign-on test' })).toBeVisible();
  const finding = tab.getByRole('status');
  await expect(finding.getByRole('heading', { level: 2 })).toHaveText('Single sign-on works');
  await expect(finding).toContainText(
    'The identity provider recognised you as cma@demo-university.edu, an account of this store: users of this website can sign in through it. This test did not sign you in or out of the portal.',
  );
  for (const width of [1280, 360]) {
    await tab.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(tab, `single sign-on test result at ${width}px`);
    await shot(tab, { path: test.info().outputPath(`sso-test-${width}.png`), fullPage: true });
  }
  // The same page at an address someone wrote shows no result.
  await tab.goto(`${portal.baseUrl}/sso-test?outcome=matched&user=mallory%40evil.example`);
  await expect(tab.getByRole('status')).toContainText('No test result here');
  await expect(tab.getByText(/mallory/)).toHaveCount(0);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored[STORAGE_KEYS.username]).toBe(session.userName);
  expect(stored[STORAGE_KEYS.password]).not.toBe('using sso login');
  await expect(page).toHaveURL(`${portal.baseUrl}/settings/store`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
  await expect(card.getByText(`SAML single sign-on with ${DEV_IDP}`)).toBeVisible();
  await context.close();
});

test('the course materials team’s account has no Store settings entry and is refused the page', async ({
  browser,
}) => {
  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Store settings' })).toHaveCount(0);

  await page.goto(`${portal.baseUrl}/settings/store`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'You do not have permission to view that page.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toHaveCount(0);
  await context.close();
});

for (const width of [1280, 360]) {
  test(`has no axe violations at ${width}px`, async ({ browser }) => {
    const { context, page } = await portalPage(browser, portal, 'admin', { width, height: 900 });
    await openSettings(page);
    await expect(page.getByRole('article')).toHaveCount(2);
    // Both websites sign in through the development IdP by now: the whole single sign-on part
    // is on the page.
    await expect(page.getByRole('button', { name: 'Turn single sign-on off' })).toHaveCount(2);
    await expectNoAxeViolations(page, `store settings at ${width}px`);
    // Nothing wider than the screen: every section fits a phone without sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shot(page, {
      path: test.info().outputPath(`store-settings-${width}.png`),
      fullPage: true,
    });
    await shot(websiteCard(page, 'localhost'), {
      path: test.info().outputPath(`store-sso-${width}.png`),
    });
    await context.close();
  });
}
