import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaterialSearchResult } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  CATALOG_RESULT,
  COURSE_PATH,
  EXTERNAL_RESULT,
  callsTo,
  pickSearchResult,
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

/** An open textbook of the distributor's catalog (issue 31). */
const OPEN_RESULT: MaterialSearchResult = {
  ...EXTERNAL_RESULT,
  externalProductId: 9002,
  ean13: '9781947172517',
  formattedEan13: '978-1-947172-51-7',
  description: 'Biology 2e',
  author: 'Mary Ann Clark',
  publisher: 'OpenStax',
  materialKind: 'OER',
  licence: 'CC BY 4.0',
  accessUrl: 'https://openstax.org/details/books/biology-2e',
  prices: { newCents: null, usedCents: null, rentalCents: null, digitalCents: null },
};

const withOpenResult = {
  handlers: {
    [`GET ${BASE}/material/search`]: () =>
      json(200, { materials: [CATALOG_RESULT, OPEN_RESULT], recordCount: 2, isbnMatch: false }),
  },
};

const kindSelect = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'Material kind' });

/** Questions, then the first section, then Add Adoption: the createAdoption body sent. */
async function adoptOnA2(user: ReturnType<typeof renderWizard>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('heading', { name: 'Choose the sections' });
  await user.click(within(dialog).getByRole('checkbox', { name: 'A2 (Fall 2026)' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
}

describe('Adoption wizard: material kinds (issue 31)', () => {
  it('marks open and library titles in the search results, and not bought ones', async () => {
    const { user } = renderWizard(COURSE_PATH, withOpenResult);
    await user.click(await screen.findByRole('button', { name: 'Add adoption' }));
    const dialog = await wizardDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Search for a material/ }));
    await user.type(
      within(dialog).getByRole('searchbox', { name: 'ISBN, title or author' }),
      'bio',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const open = await within(dialog).findByRole('button', { name: /^Biology 2e/ });
    expect(within(open).getByText('Open educational resource')).toBeInTheDocument();
    const bought = within(dialog).getByRole('button', { name: /^Cell Biology: A Short Course/ });
    expect(within(bought).queryByText(/Open educational|Library-licensed|Free/)).toBeNull();
  });

  it("starts at the title's kind, shows an OER's licence and address, and sends no kind for it", async () => {
    const { user, calls } = renderWizard(COURSE_PATH, withOpenResult);
    const dialog = await pickSearchResult(user, /^Biology 2e/);
    expect(kindSelect(dialog)).toHaveValue('OER');
    expect(within(dialog).getByText(/Licence: CC BY 4.0/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'https://openstax.org/details/books/biology-2e' }),
    ).toBeInTheDocument();
    // Optional materials are said not to count toward the cost.
    expect(
      within(dialog).getByRole('radiogroup', { name: 'Is this material required?' }),
    ).toHaveAccessibleDescription(/does not count toward the course's cost/);
    await adoptOnA2(user, dialog);
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    const body = callsTo(calls, 'POST', 'material/createAdoption')[0]?.body as {
      adoptionMaterial: Record<string, unknown>;
    };
    expect(body.adoptionMaterial).not.toHaveProperty('materialKind');
  });

  it('sends the kind the adopter chose when it is not the title’s', async () => {
    const { user, calls } = renderWizard(COURSE_PATH, withOpenResult);
    const dialog = await pickSearchResult(user, /^Cell Biology: A Short Course/);
    expect(kindSelect(dialog)).toHaveValue('COMMERCIAL_PRINT');
    await user.selectOptions(kindSelect(dialog), 'Commercial digital');
    await adoptOnA2(user, dialog);
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/createAdoption')[0]?.body).toMatchObject({
      adoptionMaterial: { titleId: CATALOG_RESULT.titleId, materialKind: 'COMMERCIAL_DIGITAL' },
    });
  });

  it('keeps "Inclusive access?" and the kind in step, as the server prices the material', async () => {
    const { user, calls } = renderWizard(COURSE_PATH, withOpenResult);
    const dialog = await pickSearchResult(user, /^Cell Biology: A Short Course/);
    const answer = (name: 'Yes' | 'No') =>
      within(within(dialog).getByRole('radiogroup', { name: 'Inclusive access?' })).getByRole(
        'radio',
        { name },
      );
    expect(answer('No')).toBeChecked();
    // Answering yes makes it inclusive access; no gives back the title's own kind.
    await user.click(answer('Yes'));
    expect(kindSelect(dialog)).toHaveValue('INCLUSIVE_ACCESS');
    await user.click(answer('No'));
    expect(kindSelect(dialog)).toHaveValue('COMMERCIAL_PRINT');
    // Choosing the kind answers the question, and another kind takes the answer back.
    await user.selectOptions(kindSelect(dialog), 'Inclusive access');
    expect(answer('Yes')).toBeChecked();
    await user.selectOptions(kindSelect(dialog), 'Open educational resource');
    expect(answer('No')).toBeChecked();
    await user.selectOptions(kindSelect(dialog), 'Inclusive access');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Inclusive access publisher' }),
      'Pearson',
    );
    await adoptOnA2(user, dialog);
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    // The answer makes it inclusive access on the server too: no kind is sent as a choice.
    const body = callsTo(calls, 'POST', 'material/createAdoption')[0]?.body as {
      adoptionMaterial: Record<string, unknown>;
    };
    expect(body).toMatchObject({ adoptionMaterial: { ia: true }, iapublisher: 'Pearson' });
    expect(body.adoptionMaterial).not.toHaveProperty('materialKind');
  });

  it('sends the kind chosen when editing', async () => {
    const { user, calls } = renderWizard(`${COURSE_PATH}?editAdoptionId=101`);
    const dialog = await wizardDialog('Edit adoption');
    await within(dialog).findByRole('heading', { name: 'About this adoption' });
    expect(kindSelect(dialog)).toHaveValue('COMMERCIAL_PRINT');
    await user.selectOptions(kindSelect(dialog), 'Library-licensed');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('heading', { name: 'Choose the sections' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/modifyAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/modifyAdoption')[0]?.body).toMatchObject({
      adoptionMaterial: { adoptionMaterialId: 101, materialKind: 'LIBRARY_LICENSED' },
    });
  });
});
