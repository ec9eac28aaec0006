import type { Browser, Locator, Page } from '@playwright/test';
import { CONTACT_MESSAGES } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * Department contacts (issue 30) as the demo course materials team: a department's contact is
 * set from the page, read back after a reload and cleared; a malformed address and one the
 * store does not know are refused under the field; the page has no axe violations and fits a
 * phone. Each test puts its department back as it found it, and the tests run one after
 * another, as they change the same shared store.
 */
test.describe.configure({ mode: 'serial' });

const PAGE_PATH = '/campaigns/contacts';
/** At the demo store's own domain: an address the store knows (ADR 0024). */
const CHAIR = 'biology.chair@demo-university.edu';
const NEW_NAME = 'Dr. Rosalind Franklin';

async function openContacts(browser: Browser, width = 1280) {
  const opened = await newLoggedInContext(browser, 'cma', 'localhost', {
    viewport: { width, height: 900 },
  });
  await opened.page.goto(`${opened.baseUrl}${PAGE_PATH}`);
  await expect(
    opened.page.getByRole('heading', { level: 1, name: 'Department contacts' }),
  ).toBeVisible();
  await expect(opened.page.getByRole('article').first()).toBeVisible();
  return opened;
}

/**
 * A department's card, its fields and the contact it holds now; the department as its controls
 * name it ("BIOL Biology", with ", Main Campus" when several divisions are listed).
 */
async function departmentCard(page: Page, index: number) {
  const card = page.getByRole('article').nth(index);
  const nameField = card.getByRole('textbox').first();
  const label = (await nameField.getAttribute('aria-label')) ?? '';
  expect(label.startsWith('Contact name for '), label).toBe(true);
  const name = label.slice('Contact name for '.length);
  const email = card.getByRole('textbox', { name: `Contact e-mail for ${name}`, exact: true });
  const before = { name: await nameField.inputValue(), email: await email.inputValue() };
  return { card, name, nameField, email, before };
}

/** The biology departments, by the page's own search. */
async function searchBiology(page: Page) {
  await page.getByRole('searchbox', { name: 'Search departments' }).fill('biol');
  // The search applies once typing pauses: until then the whole list is still shown, and on a
  // page still loading no card is shown at all (which no card without "biol" would pass).
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasNotText: /biol/i })).toHaveCount(0);
}

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** Saves the card's fields as given, and waits for the answer. */
async function saveContact(
  card: Locator,
  name: string,
  fields: { nameField: Locator; email: Locator },
  values: { name: string; email: string },
) {
  await fields.nameField.fill(values.name);
  await fields.email.fill(values.email);
  await card.getByRole('button', { name: `Save contact for ${name}` }).click();
  const cleared = values.name.trim() === '' && values.email.trim() === '';
  await expect(card.getByRole('status')).toHaveText(
    cleared ? 'Contact cleared.' : 'Contact saved.',
  );
}

test('the course materials team sets a department’s contact from the drawer, keeps it after a reload, and clears it', async ({
  browser,
}) => {
  const { context, page, baseUrl } = await newLoggedInContext(browser, 'cma');
  await page.goto(`${baseUrl}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Department contacts' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Department contacts' })).toBeVisible();
  await searchBiology(page);
  const first = await departmentCard(page, 0);
  const { card, name, email } = first;
  await saveContact(card, name, first, { name: NEW_NAME, email: ` ${CHAIR.toUpperCase()} ` });
  await expect(email).toHaveValue(CHAIR);

  // The same department after a reload: its fields are named as before.
  const findAgain = async () => {
    await page.reload();
    await searchBiology(page);
    const stored = page.getByRole('textbox', { name: `Contact e-mail for ${name}`, exact: true });
    const nameField = page.getByRole('textbox', { name: `Contact name for ${name}`, exact: true });
    return { stored, nameField, again: page.getByRole('article').filter({ has: stored }) };
  };
  const found = await findAgain();
  await expect(found.stored).toHaveValue(CHAIR);
  await expect(found.nameField).toHaveValue(NEW_NAME);

  await found.again.getByRole('button', { name: `Clear contact for ${name}` }).click();
  await expect(found.again.getByRole('status')).toHaveText('Contact cleared.');
  const cleared = await findAgain();
  await expect(cleared.stored).toHaveValue('');
  await expect(cleared.nameField).toHaveValue('');

  // Back as the demo had it.
  const fields = { nameField: cleared.nameField, email: cleared.stored };
  if (first.before.name || first.before.email) {
    await saveContact(cleared.again, name, fields, first.before);
  }
  await context.close();
});

test('a malformed address and one the store does not know are refused under the field', async ({
  browser,
}) => {
  const { context, page } = await openContacts(browser);
  await searchBiology(page);
  const { card, name, email } = await departmentCard(page, 0);
  const save = card.getByRole('button', { name: `Save contact for ${name}` });
  await email.fill('not-an-address');
  await save.click();
  await expect(card.getByText(sentence(CONTACT_MESSAGES.badEmail))).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('someone@example.com');
  await save.click();
  await expect(
    card.getByText(/can only be someone this store knows: someone@example.com is not/),
  ).toBeVisible();
  await expect(email).toBeFocused();
  await expect(card.getByRole('status')).toHaveCount(0);
  await context.close();
});

for (const width of [1280, 390]) {
  test(`has no axe violations at ${width}px, saved, refused and all`, async ({ browser }) => {
    const { context, page } = await openContacts(browser, width);
    // A saved contact, a refused address and the plain list, all on the page that is scanned.
    const first = await departmentCard(page, 0);
    await saveContact(first.card, first.name, first, { name: NEW_NAME, email: CHAIR });
    const second = await departmentCard(page, 1);
    await second.email.fill('someone@example.com');
    await second.card.getByRole('button', { name: `Save contact for ${second.name}` }).click();
    await expect(second.email).toHaveAttribute('aria-invalid', 'true');

    await expectNoAxeViolations(page, `department contacts at ${width}px`);
    // Nothing wider than the screen: every department reads on a phone without sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // From the top, or the fixed app bar is drawn across the middle of the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, {
      path: test.info().outputPath(`department-contacts-${width}.png`),
      fullPage: true,
    });
    // Back as it was, for the next width and the other specs.
    await saveContact(first.card, first.name, first, first.before);
    await context.close();
  });
}
