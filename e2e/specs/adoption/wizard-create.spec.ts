import type { AdoptionSection } from '@csp/contracts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptionCard,
  adoptsIsbn,
  answer,
  choosableSections,
  coursesAscending,
  courseInfo,
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
} from '../../support/wizard.ts';

/*
 * The adoption wizard's create flows (docs/behaviour/flows.md), clicked through as a user would, against the
 * demo seed. Each test adopts on a course of its own (support/wizard.ts says how they are
 * kept apart) and checks the result on the course detail page. Reusing a previous adoption is
 * in wizard-previous.spec.ts, material kinds in wizard-material-kinds.spec.ts.
 */

/** The instructor's courses (they teach few), each with the sections they may adopt for. */
async function instructorCourses(session: Parameters<typeof coursesAscending>[0]) {
  const courses = await coursesAscending(session);
  return Promise.all(courses.map((c) => courseInfo(session, c)));
}

test.describe('Adoption wizard: create', () => {
  test('search flow: an instructor adopts a textbook by its hyphenated ISBN for two sections, and cannot adopt it twice', async ({
    browser,
  }) => {
    // Two trips through the wizard (the adoption, then the refused duplicate).
    test.setTimeout(60_000);
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'instructor');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A real UofT Bookstore textbook of the distributor catalog, found by its words.
    const book = await findMaterial(session, 'Complex Analysis Ahlfors', /Ahlfors/);
    expect(book.formattedEan13).toMatch(/^978-\d+-\d+-\d+-\d$/);
    // The instructor's first course with two sections they may adopt for (the other
    // instructor test takes a course with one).
    const infos = await instructorCourses(session);
    const info = infos.find(
      (i) => choosableSections(i.sections).length >= 2 && !adoptsIsbn(i, book.ean13),
    );
    if (!info) throw new Error('The demo instructor teaches no course with two open sections');
    const [first, second] = choosableSections(info.sections) as [AdoptionSection, AdoptionSection];

    await openCourse(page, baseUrl, info.course);
    let dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);
    await expect(page).toHaveURL(/wizardPage=search/);
    const results = await searchFor(dialog, book.formattedEan13);
    await expect(results.getByRole('status')).toHaveText(
      'ISBN match: 1 material found. Choose one.',
    );
    await resultWithIsbn(results, book.formattedEan13).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    const adopting = dialog.getByRole('region', { name: 'Adopting' });
    await expect(adopting).toContainText(book.description);
    await expect(adopting).toContainText(`ISBN ${book.formattedEan13}`);
    await answer(dialog, 'Is this material required?', 'Yes').check();
    await answer(dialog, 'Flexible on edition?', 'Yes').check();
    await dialog.getByRole('textbox', { name: 'Estimated section enrollment' }).fill('35');
    // An instructor adopts for their own sections only: no auto adoption question.
    await expect(dialog.getByRole('radiogroup', { name: /auto adoption/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, first).check();
    await sectionBox(dialog, second).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/adopt=new/);

    const card = adoptionCard(page, book.description);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(book.formattedEan13);
    await expect(card).toContainText(`${sectionLabel(first)}, ${sectionLabel(second)}`);
    await expect(card.getByRole('list', { name: 'Flags' })).toContainText('Flexible on edition');
    // docs/behaviour/validation.md: Yes/No as booleans, the enrollment as a number.
    const saved = (await courseInfo(session, info.course)).adoptions.find(
      (a) => a.title?.ean13 === book.ean13,
    );
    expect(saved).toMatchObject({
      adoptionType: 'SECTION_ADOPTION',
      required: true,
      flexibleOnEdition: true,
      estimatedSectionEnrollment: 35,
    });
    expect(saved?.sections.map((s) => s.sectionId).sort()).toEqual(
      [first.sectionId, second.sectionId].sort(),
    );

    // The same title again: the sections that have it cannot be chosen (the server refuses it
    // too, in the spec's words: wizard/create.test.ts and adoption-guards.test.ts).
    dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    const again = await searchFor(dialog, book.formattedEan13);
    // Now a title of the store's catalog (the distributor's product is left out, docs/behaviour/validation.md).
    const storeTitle = resultWithIsbn(again, book.formattedEan13);
    await expect(storeTitle).toHaveCount(1);
    await expect(storeTitle).toContainText("In the store's catalog");
    await storeTitle.click();
    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    for (const section of [first, second]) {
      await expect(sectionBox(dialog, section)).toBeDisabled();
      await expect(sectionBox(dialog, section)).toHaveAccessibleDescription(
        /Cannot be chosen: Already has this title/,
      );
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(adoptionCard(page, book.description)).toHaveCount(1);
    await context.close();
  });

  test('search flow: words of a title with a typo find the right book', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'instructor');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A real title of the distributor catalog (UofT textbooks), then one letter wrong.
    const book = await findMaterial(session, 'Molecular Biology of the Cell', /Alberts/);
    const typo = 'Molecular Biolgy of the Cell';
    // The instructor's first course with exactly one open section (the other instructor test
    // takes the first one with two).
    const infos = await instructorCourses(session);
    const info = infos.find(
      (i) => choosableSections(i.sections).length === 1 && !adoptsIsbn(i, book.ean13),
    );
    if (!info) throw new Error('The demo instructor teaches no course with one open section');
    const [section] = choosableSections(info.sections) as [AdoptionSection];

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);
    const results = await searchFor(dialog, typo);
    await expect(results.getByRole('status')).toHaveText(/^\d+ materials? found/);
    const right = resultWithIsbn(results, book.formattedEan13);
    await expect(right).toContainText(book.description);
    await right.click();

    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await expect(dialog.getByRole('region', { name: 'Adopting' })).toContainText(book.description);
    await answer(dialog, 'Is this material required?', 'No').check();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();

    const card = adoptionCard(page, book.description);
    await expect(card).toContainText(sectionLabel(section));
    await expect(card.getByRole('list', { name: 'Flags' })).toContainText('Optional');
    await context.close();
  });

  test('custom flow: a course pack is proposed and adopted as a proposed title', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'custom',
      (i) => choosableSections(i.sections).length >= 1,
      'an open section',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];
    const title = `Organic Synthesis Lab Manual ${Date.now()}`;

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    const results = await searchFor(dialog, title);
    await expect(results.getByRole('status')).toHaveText(`No materials match “${title}”.`);
    await dialog.getByRole('button', { name: "I can't find it: propose a custom title" }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.productDetail);
    await expect(page).toHaveURL(/wizardPage=productDetail/);
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await dialog.getByRole('textbox', { name: 'Author' }).fill('Department of Chemistry');
    await dialog.getByRole('combobox', { name: 'Kind of material' }).selectOption({
      label: 'Course Pack',
    });
    // docs/behaviour/entities.md: the edition is 'Latest' or a value; Latest is the default.
    await expect(answer(dialog, 'Latest edition?', 'Yes')).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Edition' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    const adopting = dialog.getByRole('region', { name: 'Adopting' });
    await expect(adopting).toContainText(title);
    await expect(adopting).toContainText('Edition: Latest');
    await expect(adopting).toContainText('Custom title (proposed)');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();

    const card = adoptionCard(page, title);
    await expect(card.getByRole('list', { name: 'Flags' })).toContainText('Proposed title');
    await expect(card).toContainText('Latest');
    await expect(card).toContainText(sectionLabel(section));
    // The course materials team may link it to a catalog title later.
    await expect(card.getByRole('button', { name: /^Link to a catalog title/ })).toBeVisible();
    await context.close();
  });

  test('noMaterials: a section marked no text required shows NMR on the course', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'no-materials',
      (i) => choosableSections(i.sections, 'noMaterials').some((s) => s.listingCount === 0),
      'a section without adoptions',
    );
    const section = choosableSections(info.sections, 'noMaterials').find(
      (s) => s.listingCount === 0,
    ) as AdoptionSection;

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'No text required').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.noMaterials);
    await expect(dialog.getByRole('status').first()).toHaveText('Step 1 of 2: No text required');
    await expect(dialog.getByLabel('Start date')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await expect(dialog).toContainText(
      'No course materials are required for the sections chosen here.',
    );
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();

    const card = adoptionCard(page, 'No course materials required');
    await expect(card.getByRole('list', { name: 'Flags' })).toContainText('No text required');
    await expect(card).toContainText(sectionLabel(section));
    const row = page
      .getByRole('table', { name: /^Sections/ })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: section.sectionCode, exact: true }) })
      .filter({ hasText: section.termName });
    await expect(row.getByText('NMR', { exact: true })).toBeVisible();
    await expect(page.getByText('NMR: no material required')).toBeVisible();
    await context.close();
  });

  // The success message outlives the URL change that closes the wizard (docs/behaviour/constants.md: 3000 ms).
  test("the wizard's success message stays while the course refreshes", async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const info = await pickCmaCourse(
      session,
      'toast',
      (i) => choosableSections(i.sections, 'noMaterials').length >= 1,
      'a section without adoptions',
    );
    const [section] = choosableSections(info.sections, 'noMaterials') as [AdoptionSection];
    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'No text required').click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByRole('status').filter({ hasText: 'Adoption added.' });
    await expect(toast).toBeVisible();
    await expect(adoptionCard(page, 'No course materials required')).toBeVisible();
    // Still there once the course has refreshed (it lasts 3000 ms), then gone.
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 6000 });
    await context.close();
  });
});
