import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AdoptionSection } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptProposedCoursePack,
  adoptionCard,
  choosableSections,
  expectWizardPage,
  openCourse,
  pickCmaCourse,
  searchFor,
  startAdoption,
  startChoice,
  wizardDialog,
} from '../../support/wizard.ts';
import { shot } from '../../support/shots.ts';

/*
 * Every page of the adoption wizard (docs/behaviour/routes-and-guard.md: start, search with results, productDetail,
 * questions, selectMaterial, addFromPrevious, noMaterials, confirmNew) passes axe-core on a
 * desktop and on a phone, where the wizard fills the screen. Nothing is saved through the
 * wizard here; the course is one of this test's own (support/wizard.ts).
 */

const SHOTS_DIR = '/tmp/wizard-shots';

/** axe on the whole page, then a screenshot in /tmp/wizard-shots (outside CI: support/shots.ts). */
async function check(page: Page, name: string, width: number) {
  await expectNoAxeViolations(page, `${name} at ${width}px`);
  await mkdir(SHOTS_DIR, { recursive: true });
  await shot(page, { path: `${SHOTS_DIR}/${name}-${width}.png` });
}

for (const width of [1280, 360] as const) {
  test(`every wizard page passes axe at ${width}px`, async ({ browser }) => {
    // Eight pages, each analysed by axe (a second or two each) and photographed.
    test.setTimeout(120_000);
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width, height: 800 });
    const info = await pickCmaCourse(
      session,
      width === 1280 ? 'axe-1280' : 'axe-360',
      (i) => choosableSections(i.sections).length >= 1 && i.history !== null,
      'an open section and previous adoptions',
    );
    const [section] = choosableSections(info.sections) as [AdoptionSection];
    const packName = `Studio Handbook ${width}-${Date.now()}`;
    await adoptProposedCoursePack(session, info.course, [section], packName);

    await openCourse(page, baseUrl, info.course);
    let dialog = await startAdoption(page);
    await check(page, 'start', width);

    await startChoice(dialog, 'Search for a material').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.search);
    // Many results: the list and its pagination.
    const results = await searchFor(dialog, 'Organic Chemistry');
    await expect(results.getByRole('navigation')).toBeVisible();
    await check(page, 'search', width);

    await dialog.getByRole('button', { name: "I can't find it: propose a custom title" }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.productDetail);
    await expect(dialog.getByRole('combobox', { name: 'Kind of material' })).toBeEnabled();
    await check(page, 'productDetail', width);

    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(`Axe check ${packName}`);
    await dialog
      .getByRole('combobox', { name: 'Kind of material' })
      .selectOption({ label: 'Course Pack' });
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.questions);
    await check(page, 'questions', width);

    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.selectMaterial);
    await expect(dialog.getByRole('checkbox').first()).toBeVisible();
    await check(page, 'selectMaterial', width);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    dialog = await startAdoption(page);
    await startChoice(dialog, 'Reuse a previous adoption').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.addFromPrevious);
    await expect(dialog.getByRole('region', { name: 'Your adoptions' })).toBeVisible();
    await check(page, 'addFromPrevious', width);

    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await expectWizardPage(dialog, PAGE_HEADINGS.start);
    await startChoice(dialog, 'No text required').click();
    await expectWizardPage(dialog, PAGE_HEADINGS.noMaterials);
    await check(page, 'noMaterials', width);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await adoptionCard(page, packName)
      .getByRole('button', { name: /^Link to a catalog title/ })
      .click();
    dialog = wizardDialog(page, 'link_new');
    await expectWizardPage(dialog, 'Find the catalog title');
    const titles = await searchFor(dialog, 'Introduction to Linguistics');
    await titles.getByRole('button').first().click();
    await expectWizardPage(dialog, PAGE_HEADINGS.confirmNew);
    await check(page, 'confirmNew', width);
    await context.close();
  });
}
