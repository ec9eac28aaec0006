import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptionCard,
  answer,
  choosableSections,
  displayDate,
  expectWizardPage,
  openCourse,
  pickCmaCourse,
  sectionBox,
  sectionLabel,
  startAdoption,
  startChoice,
  today,
  type CourseInfo,
} from '../../support/wizard.ts';

/*
 * The adoption wizard's addFromPrevious flow (docs/behaviour/flows.md), clicked through as a user
 * would, against the demo seed and the server every spec shares; the other create flows are in
 * wizard-create.spec.ts.
 */

const NO_PREVIOUS = 'Sorry, we do not have any previous adoptions for this course.';

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

test.describe('Adoption wizard: reuse a previous adoption', () => {
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
});
