import type { AdoptionSection } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  PAGE_HEADINGS,
  adoptionCard,
  adoptsIsbn,
  answer,
  choosableSections,
  courseInfo,
  openCourse,
  pickCmaCourse,
  resultWithIsbn,
  searchFor,
  searchMaterial,
  sectionBox,
  startAdoption,
  startChoice,
  expectWizardPage,
} from '../../support/wizard.ts';
import { shot } from '../../support/shots.ts';

/*
 * The adoption wizard's material kinds (issue 31; docs/behaviour/flows.md#cost-transparency),
 * against the demo seed and the server every spec shares: a kind shown in the search, chosen on
 * the questions page in step with "Inclusive access?", and the team's Edit title dialog.
 */

test.describe('Adoption wizard: material kinds', () => {
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
        await shot(page, {
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
    // "Inclusive access?" and the kind are one fact: each answer moves the other.
    await answer(dialog, 'Inclusive access?', 'Yes').check();
    await expect(kind).toHaveValue('INCLUSIVE_ACCESS');
    await expect(dialog.getByRole('textbox', { name: 'Inclusive access publisher' })).toBeVisible();
    await answer(dialog, 'Inclusive access?', 'No').check();
    await expect(kind).toHaveValue('OER');
    await kind.selectOption({ label: 'Inclusive access' });
    await expect(answer(dialog, 'Inclusive access?', 'Yes')).toBeChecked();
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
