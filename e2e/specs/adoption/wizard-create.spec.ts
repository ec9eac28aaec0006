import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptionCard,
  adoptsIsbn,
  answer,
  choosableSections,
  coursesAscending,
  courseInfo,
  displayDate,
  expectWizardPage,
  findMaterial,
  openCourse,
  pickCmaCourse,
  resultWithIsbn,
  searchFor,
  searchMaterial,
  sectionBox,
  sectionLabel,
  startAdoption,
  startChoice,
  today,
  type CourseInfo,
} from '../../support/wizard.ts';

/*
 * The adoption wizard's create flows (docs/behaviour/flows.md), clicked through as a user would, against the
 * demo seed. Each test adopts on a course of its own (support/wizard.ts says how they are
 * kept apart) and checks the result on the course detail page.
 */

const NO_PREVIOUS = 'Sorry, we do not have any previous adoptions for this course.';

/** The instructor's courses (they teach few), each with the sections they may adopt for. */
async function instructorCourses(session: Parameters<typeof coursesAscending>[0]) {
  const courses = await coursesAscending(session);
  return Promise.all(courses.map((c) => courseInfo(session, c)));
}

interface Reuse {
  /** The wizard's list it is in, and its place there. */
  list: 'Your adoptions' | 'Other adoptions';
  index: number;
  previous: AdoptionMaterialDTO;
  /** An open section of the course that does not have the material now. */
  section: AdoptionSection;
}

const reusable = (a: AdoptionMaterialDTO) =>
  a.titleId !== null || a.adoptionProposedTitleId !== null;
const sameMaterial = (a: AdoptionMaterialDTO, b: AdoptionMaterialDTO) =>
  (a.titleId !== null && a.titleId === b.titleId) ||
  (a.adoptionProposedTitleId !== null && a.adoptionProposedTitleId === b.adoptionProposedTitleId);

/**
 * A previous section adoption (with an enrollment, so the pre-filled answers show something)
 * that can be adopted again: no auto adoption has its material now, and an open section does
 * not have it either.
 */
function reuseIn(info: CourseInfo): Reuse | null {
  if (!info.history) return null;
  for (const [list, items] of [
    ['Your adoptions', info.history.myAdoptions],
    ['Other adoptions', info.history.otherAdoptions],
  ] as const) {
    for (const [index, previous] of items.filter(reusable).entries()) {
      if (previous.adoptionType !== 'SECTION_ADOPTION') continue;
      if (previous.estimatedSectionEnrollment === null) continue;
      const current = info.adoptions.filter((c) => sameMaterial(c, previous));
      if (current.some((c) => c.adoptionType === 'AUTO_ADOPTION')) continue;
      const section = choosableSections(info.sections).find(
        (s) => !current.some((c) => c.sections.some((cs) => cs.sectionId === s.sectionId)),
      );
      if (section) return { list, index, previous, section };
    }
  }
  return null;
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

  test('addFromPrevious: a previous adoption is reused with its answers filled in', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(
      session,
      'previous',
      (i) => reuseIn(i) !== null,
      'a reusable previous adoption',
    );
    const { list, index, previous: prev, section: free } = reuseIn(info)!;
    const description = prev.title?.description ?? prev.proposedTitle?.description ?? '';

    await openCourse(page, baseUrl, info.course);
    const before = await adoptionCard(page, description).count();
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Reuse a previous adoption').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.addFromPrevious);
    await expect(page).toHaveURL(/wizardPage=addFromPrevious/);
    const item = dialog.getByRole('region', { name: list }).getByRole('button').nth(index);
    await expect(item).toContainText(description);
    await item.click();

    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await expect(dialog.getByRole('region', { name: 'Adopting' })).toContainText(description);
    // Pre-filled from the previous adoption; its dates have passed, so it starts today.
    const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
    await expect(answer(dialog, 'Is this material required?', yesNo(prev.required))).toBeChecked();
    await expect(
      answer(dialog, 'Is a bind-in component required?', yesNo(prev.bindInComponentRequired)),
    ).toBeChecked();
    await expect(
      answer(dialog, 'Flexible on edition?', yesNo(prev.flexibleOnEdition)),
    ).toBeChecked();
    await expect(answer(dialog, 'Inclusive access?', yesNo(prev.ia))).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Estimated section enrollment' })).toHaveValue(
      String(prev.estimatedSectionEnrollment),
    );
    await expect(dialog.getByRole('textbox', { name: 'Note for the store' })).toHaveValue(
      prev.externalAdoptionNote,
    );
    await expect(dialog.getByLabel('Start date')).toHaveValue(today());
    await expect(dialog.getByLabel('End date')).toHaveValue('');
    await expect(
      answer(dialog, 'Adopt for every section of this course (auto adoption)?', 'No'),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, free).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();
    const cards = adoptionCard(page, description);
    await expect(cards).toHaveCount(before + 1);
    await expect(cards.filter({ hasText: sectionLabel(free) })).toHaveCount(1);
    await expect(cards.filter({ hasText: sectionLabel(free) })).toContainText(
      `From ${displayDate(today())}, no expiration`,
    );
    await context.close();
  });

  test('addFromPrevious: a course with no previous adoptions says so', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const info = await pickCmaCourse(session, 'no-previous', (i) => i.history === null, 'none');

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Reuse a previous adoption').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.addFromPrevious);
    await expect(dialog.getByText(NO_PREVIOUS, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.start);
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

  test('material kinds: an open textbook shows as such, the adopter chooses another kind, and the team edits the title', async ({
    browser,
  }) => {
    // A trip through the wizard and the Edit title dialog, each scanned at two sizes.
    test.setTimeout(90_000);
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A Language Science Press book of the demo catalog: open access, so an OER (issue 31).
    const { materials } = await searchMaterial(session, 'A grammar of');
    const book = materials.find((m) => m.materialKind === 'OER' && m.accessUrl !== null);
    if (!book) throw new Error('The demo catalog has no open grammar with an address');
    const info = await pickCmaCourse(
      session,
      'kinds',
      (i) => choosableSections(i.sections).length >= 1 && !adoptsIsbn(i, book.ean13),
      'an open section',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];
    const scan = async (what: string) => {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoAxeViolations(page, `${what} at ${width}px`);
        await page.screenshot({
          path: test.info().outputPath(`${what.replace(/\W+/g, '-')}-${width}.png`),
        });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    await openCourse(page, baseUrl, info.course);
    const dialog = await startAdoption(page);
    await startChoice(dialog, 'Search for a material').click();
    const results = await searchFor(dialog, book.formattedEan13);
    const result = resultWithIsbn(results, book.formattedEan13);
    await expect(result).toContainText('Open educational resource');
    await result.click();

    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    const kind = dialog.getByRole('combobox', { name: 'Material kind' });
    await expect(kind).toHaveValue('OER');
    await expect(dialog.getByRole('link', { name: book.accessUrl ?? '' })).toBeVisible();
    await expect(
      dialog.getByRole('radiogroup', { name: 'Is this material required?' }),
    ).toHaveAccessibleDescription(/does not count toward the course's cost/);
    await scan('questions with a material kind');
    // The course hands out a free printed copy: the adopter says so.
    await kind.selectOption({ label: 'Free to students' });
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await sectionBox(dialog, section).check();
    await dialog.getByRole('button', { name: 'Add Adoption', exact: true }).click();
    await expect(dialog).toBeHidden();

    const card = adoptionCard(page, book.description);
    await expect(card.getByRole('list', { name: 'Flags' })).toContainText('Free to students');
    const saved = (await courseInfo(session, info.course)).adoptions.find(
      (a) => a.title?.ean13 === book.ean13,
    );
    expect(saved).toMatchObject({ materialKind: 'FREE', title: { materialKind: 'OER' } });

    // The course materials team's Edit title: the title's kind, licence, address and prices.
    await card.getByRole('button', { name: `Edit title of ${book.description}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit title' });
    await expect(edit.getByRole('combobox', { name: 'Material kind' })).toHaveValue('OER');
    await expect(edit.getByRole('textbox', { name: /^Licence/ })).toHaveValue(book.licence ?? '');
    await scan('Edit title');
    await edit.getByRole('textbox', { name: 'Digital price' }).fill('0');
    await edit.getByRole('button', { name: 'Save title' }).click();
    await expect(edit).toBeHidden();
    const title = (await courseInfo(session, info.course)).adoptions.find(
      (a) => a.title?.ean13 === book.ean13,
    )?.title;
    expect(title).toMatchObject({ materialKind: 'OER', prices: { digitalCents: 0 } });
    await context.close();
  });
});
