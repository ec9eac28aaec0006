import type { Locator, Page } from '@playwright/test';
import type { AdoptionSection } from '@csp/contracts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptProposedCoursePack,
  adoptThroughApi,
  adoptionById,
  adoptionCard,
  adoptsIsbn,
  choosableSections,
  displayDate,
  expectWizardPage,
  findMaterial,
  openCourse,
  pickCmaCourse,
  resultWithIsbn,
  searchFor,
  sectionBox,
  sectionLabel,
  startAdoption,
  startChoice,
  titleIdOf,
  today,
  wizardDialog,
} from '../../support/wizard.ts';
import { addDays } from '@csp/contracts';

/*
 * The adoption wizard's edit and link_new modes, Back, a reload in the middle of a flow and a
 * flow done with the keyboard alone (docs/behaviour/flows.md), as the course materials team. Each test works
 * on a course of its own (support/wizard.ts).
 */

/** Presses Tab until `target` has the focus (at most `max` times): where Tab takes a user. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses`);
}

test.describe('Adoption wizard: edit, link, back, reload, keyboard', () => {
  test('editMaterial: starts at questions, the button reads Submit, an emptied end date is cleared', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A store title (one of the real textbooks Demo University stocks).
    const book = await findMaterial(session, 'Where the Wild Things Are', /^Sendak$/);
    const info = await pickCmaCourse(
      session,
      'edit',
      (i) => choosableSections(i.sections).length >= 1 && !adoptsIsbn(i, book.ean13),
      'an open section',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];
    const end = addDays(today(), 120);
    const adoption = await adoptThroughApi(
      session,
      info.course,
      { titleId: await titleIdOf(session, book) },
      [section],
      { expirationDate: end, estimatedSectionEnrollment: 25 },
    );
    expect(adoption.expirationDate).toBe(end);

    await openCourse(page, baseUrl, info.course);
    const card = adoptionCard(page, book.description);
    await expect(card).toContainText(`${displayDate(today())} to ${displayDate(end)}`);
    await card.getByRole('button', { name: /^Edit of/ }).click();
    await expect(page).toHaveURL(new RegExp(`editAdoptionId=${adoption.adoptionMaterialId}`));
    const dialog = wizardDialog(page, 'edit');
    // docs/behaviour/flows.md: edit starts at questions; the next button reads 'Submit' in edit mode.
    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 1 of 2: Questions');
    await expect(dialog.getByRole('region', { name: 'Editing' })).toContainText(book.description);
    await expect(dialog.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Estimated section enrollment' })).toHaveValue(
      '25',
    );
    const endDate = dialog.getByLabel('End date');
    await expect(endDate).toHaveValue(end);
    await endDate.fill('');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await expect(sectionBox(dialog, section)).toBeChecked();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(`From ${displayDate(today())}, no expiration`);
    const saved = await adoptionById(session, info.course, adoption.adoptionMaterialId);
    expect(saved?.expirationDate).toBeNull();
    expect(saved?.estimatedSectionEnrollment).toBe(25);
    await context.close();
  });

  test('editNoMaterial: editing a no-text-required record starts at the sections', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'edit-no-material',
      (i) => choosableSections(i.sections, 'noMaterials').length >= 1,
      'a section without adoptions',
    );
    const [section] = choosableSections(info.sections, 'noMaterials') as [AdoptionSection];
    const adoption = await adoptThroughApi(session, info.course, { noTextRequired: true }, [
      section,
    ]);

    await openCourse(page, baseUrl, info.course, `?editAdoptionId=${adoption.adoptionMaterialId}`);
    const dialog = wizardDialog(page, 'edit');
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await expect(page).toHaveURL(/wizardPage=selectMaterial/);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 1 of 1: Sections');
    await expect(sectionBox(dialog, section)).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
    // Its first page: Back leaves the wizard (edit mode has no start page).
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/editAdoptionId/);
    await context.close();
  });

  test('linkNew: the course materials team links a proposed course pack to a catalog title', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const book = await findMaterial(session, 'Paradise Lost Milton', /^Milton$/);
    const info = await pickCmaCourse(
      session,
      'link',
      (i) => choosableSections(i.sections).length >= 1 && !adoptsIsbn(i, book.ean13),
      'an open section',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];
    const packName = `English Poetry Reader ${Date.now()}`;
    const proposed = await adoptProposedCoursePack(session, info.course, [section], packName);

    await openCourse(page, baseUrl, info.course);
    const pack = adoptionCard(page, packName);
    await expect(pack.getByRole('list', { name: 'Flags' })).toContainText('Proposed title');
    await pack.getByRole('button', { name: /^Link to a catalog title/ }).click();
    await expect(page).toHaveURL(new RegExp(`linkAdoptionId=${proposed.adoptionMaterialId}`));
    const dialog = wizardDialog(page, 'link_new');
    await expectWizardPage(dialog, 'Find the catalog title');
    await expect(dialog.getByRole('status').first()).toHaveText('Step 1 of 2: Find the material');
    // No custom title here: link_new links to a real one.
    await expect(dialog.getByRole('button', { name: /propose a custom title/ })).toHaveCount(0);
    const results = await searchFor(dialog, 'Paradise Lost');
    await resultWithIsbn(results, book.formattedEan13).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.confirmNew);
    await expect(dialog.getByRole('region', { name: 'Proposed title' })).toContainText(packName);
    await expect(dialog.getByRole('region', { name: 'Catalog title' })).toContainText(
      book.formattedEan13,
    );
    // docs/behaviour/flows.md: 'Link' on confirmNew in link_new mode.
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(adoptionCard(page, packName)).toHaveCount(0);
    const linked = adoptionCard(page, book.description);
    await expect(linked).toContainText(book.formattedEan13);
    await expect(linked).toContainText(sectionLabel(section));
    await expect(linked.getByRole('list', { name: 'Flags' })).not.toContainText('Proposed title');
    const saved = await adoptionById(session, info.course, proposed.adoptionMaterialId);
    expect(saved?.title?.ean13).toBe(book.ean13);
    await context.close();
  });

  test('Back: from productDetail to the search with its results, from the first page to start', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'back',
      (i) => choosableSections(i.sections).length >= 1,
      'an open section',
    );

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);
    const results = await searchFor(dialog, 'Organic Chemistry');
    const count = await results.getByRole('status').textContent();
    expect(count).toMatch(/^\d+ materials found/);
    await dialog.getByRole('button', { name: "I can't find it: propose a custom title" }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.productDetail);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 2 of 4: Custom title');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Typed, then left');

    // Back from productDetail returns to the search flow, the results still there.
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);
    await expect(page).toHaveURL(/wizardPage=search/);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 1 of 3: Find the material');
    await expect(dialog.getByRole('searchbox', { name: 'ISBN, title or author' })).toHaveValue(
      'Organic Chemistry',
    );
    await expect(results.getByRole('status')).toHaveText(count ?? '');
    await expect(results.getByRole('button').first()).toBeVisible();
    // Back cleared productDetail's data.
    await dialog.getByRole('button', { name: "I can't find it: propose a custom title" }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.productDetail);
    await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);

    // Back from the flow's first page resets to start.
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.start);
    await expect(page).toHaveURL(/wizardPage=start/);
    await expect(dialog.getByRole('status').first()).toHaveText(
      'Start: choose how to add the adoption',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    // A fresh start: the search is empty again.
    await startChoice(dialog, 'Search for a material').click();
    await expect(dialog.getByRole('searchbox', { name: 'ISBN, title or author' })).toHaveValue('');
    await context.close();
  });

  test('Reload: on the questions page the wizard is still open there with the chosen material', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const book = await findMaterial(session, 'Pride and Prejudice', /^Austen$/);
    const info = await pickCmaCourse(
      session,
      'reload',
      (i) => choosableSections(i.sections).length >= 1 && !adoptsIsbn(i, book.ean13),
      'an open section',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    const results = await searchFor(dialog, 'Pride and Prejudice');
    await resultWithIsbn(results, book.formattedEan13).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await expect(page).toHaveURL(/adopt=new.*wizardPage=questions|wizardPage=questions.*adopt=new/);

    await page.reload();
    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await expect(page).toHaveURL(/wizardPage=questions/);
    const adopting = dialog.getByRole('region', { name: 'Adopting' });
    await expect(adopting).toContainText(book.description);
    await expect(adopting).toContainText(`ISBN ${book.formattedEan13}`);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 2 of 3: Questions');

    // The restored wizard goes on as before.
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(adoptionCard(page, book.description)).toContainText(sectionLabel(section));
    await context.close();
  });

  test('Keyboard: no text required, with Tab, Space and Enter only; focus on each page heading', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'keyboard',
      (i) => choosableSections(i.sections, 'noMaterials').some((s) => s.listingCount === 0),
      'a section without adoptions',
    );
    const section = choosableSections(info.sections, 'noMaterials').find(
      (s) => s.listingCount === 0,
    ) as AdoptionSection;

    await openCourse(page, baseUrl, info.course);
    const add = page.getByRole('button', { name: 'Add adoption', exact: true });
    await tabTo(page, add, 80);
    await page.keyboard.press('Enter');
    const dialog = wizardDialog(page);
    await expectWizardPage(dialog, PAGE_HEADINGS.start);

    await tabTo(page, startChoice(dialog, 'No text required'));
    await page.keyboard.press('Space');
    await expectWizardPage(dialog, PAGE_HEADINGS.noMaterials);

    await tabTo(page, dialog.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);

    const box = sectionBox(dialog, section);
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Add Adoption', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(adoptionCard(page, 'No course materials required')).toContainText(
      sectionLabel(section),
    );
    // Focus goes back to the button that opened the wizard.
    await expect(add).toBeFocused();
    await context.close();
  });

  // The first page's heading appears a commit after the dialog (a portal): it is focused too.
  test('the page the wizard opens on, and the page a reload resumes, focus their heading', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const info = await pickCmaCourse(session, 'focus-on-open', () => true, 'a course');
    await openCourse(page, baseUrl, info.course);
    await page.getByRole('button', { name: 'Add adoption', exact: true }).click();
    const dialog = wizardDialog(page);
    await expectWizardPage(dialog, PAGE_HEADINGS.start);
    await startChoice(dialog, 'No text required').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.noMaterials);
    await page.reload();
    await expectWizardPage(dialog, PAGE_HEADINGS.noMaterials);
    await context.close();
  });
});
