import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  CELL_BIOLOGY,
  IMPORTED_GENETICS,
} from '../../../test/adoption/course-detail-fake-server.ts';
import {
  BASE,
  COURSE_PATH,
  callsTo,
  pinToday,
  renderWizard,
  wizardDialog,
} from '../../../test/adoption/wizard-fake-server.ts';

// A wizard run is many steps of a whole app in jsdom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  sessionStorage.clear();
  pinToday();
});

async function openPrevious(options: Parameters<typeof renderWizard>[1] = {}) {
  const view = renderWizard(`${COURSE_PATH}?adopt=new`, options);
  const dialog = await wizardDialog();
  await view.user.click(
    await within(dialog).findByRole('button', { name: /^Reuse a previous adoption/ }),
  );
  await within(dialog).findByRole('heading', { name: 'Reuse a previous adoption' });
  return { ...view, dialog };
}

const radio = (dialog: HTMLElement, group: string, answer: 'Yes' | 'No') =>
  within(within(dialog).getByRole('radiogroup', { name: group })).getByRole('radio', {
    name: answer,
  });

describe('Adoption wizard: reusing a previous adoption', () => {
  it('goes to questions with its answers and adopts its title again', async () => {
    const { user, dialog, calls } = await openPrevious();
    const mine = within(dialog).getByRole('region', { name: 'Your adoptions' });
    await user.click(within(mine).getByRole('button', { name: /^Cell Biology, 2nd edition/ }));
    await within(dialog).findByRole('heading', { name: 'About this adoption' });
    expect(radio(dialog, 'Flexible on edition?', 'Yes')).toBeChecked();
    expect(radio(dialog, 'Inclusive access?', 'Yes')).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Inclusive access publisher/ })).toHaveValue(
      'LexisNexis',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Estimated section enrollment' }),
    ).toHaveValue('40');
    // Its dates have passed: the new adoption starts today.
    expect(within(dialog).getByLabelText(/Start date/)).toHaveValue('2026-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'B1 (Fall 2026)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/createAdoption')[0]?.body).toMatchObject({
      adoptionMaterial: { titleId: 436, ia: true, estimatedSectionEnrollment: 40 },
      iapublisher: 'LexisNexis',
      sectionIdList: [14],
    });
  });

  it('marks a previous adoption imported from a file "Imported", and one made here not', async () => {
    const { dialog } = await openPrevious({ adoptions: [CELL_BIOLOGY, IMPORTED_GENETICS] });
    const others = within(dialog).getByRole('region', { name: 'Other adoptions' });
    const imported = within(others).getByRole('button', { name: /^Genetics Workbook/ });
    expect(within(imported).getByText('Imported')).toBeVisible();
    const portal = within(others).getByRole('button', { name: /^Cell Biology/ });
    expect(within(portal).queryByText('Imported')).not.toBeInTheDocument();
  });

  it('says so when the course has no previous adoptions (404)', async () => {
    const { dialog } = await openPrevious({
      handlers: {
        [`GET ${BASE}/1/BIOL/101/getAdoptionMaterialHistory`]: () => json(404, { message: 'None' }),
      },
    });
    expect(
      await within(dialog).findByText(
        'Sorry, we do not have any previous adoptions for this course.',
      ),
    ).toBeInTheDocument();
  });
});
