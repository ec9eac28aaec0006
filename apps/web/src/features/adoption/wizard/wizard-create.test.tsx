import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADOPTION_EXISTS_MESSAGE } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  CREATED_TITLE_ID,
  SECTIONS_WITHOUT_NTR,
  callsTo,
  pickSearchResult,
  pinToday,
  renderWizard,
} from '../../../test/adoption/wizard-fake-server.ts';

// A wizard run is many steps of a whole app in jsdom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  sessionStorage.clear();
  pinToday();
});

const group = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('radiogroup', { name });

describe('Adoption wizard: adding an adoption of a searched material', () => {
  it('makes the distributor product a store title, then adopts it with the answers given', async () => {
    const { user, calls } = renderWizard();
    const dialog = await pickSearchResult(user, /^Molecular Biology of the Cell/);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Step 2 of 3: Questions');
    expect(within(dialog).getByRole('heading', { name: 'About this adoption' })).toHaveFocus();
    await user.click(
      within(group(dialog, 'Flexible on edition?')).getByRole('radio', { name: 'Yes' }),
    );
    await user.click(
      within(group(dialog, 'Inclusive access?')).getByRole('radio', { name: 'Yes' }),
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Estimated section enrollment' }),
      '35',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // Inclusive access needs its publisher.
    const publisher = within(dialog).getByRole('textbox', { name: /Inclusive access publisher/ });
    await waitFor(() =>
      expect(publisher).toHaveAccessibleDescription('Enter the inclusive access publisher.'),
    );
    await user.type(publisher, 'Garland');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await within(dialog).findByRole('heading', { name: 'Choose the sections' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
    expect(await within(dialog).findByText('Choose at least one section.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'A2 (Fall 2026)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));

    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/createTitle')[0]?.body).toEqual({
      externalProductIdList: [9001],
    });
    const body = callsTo(calls, 'POST', 'material/createAdoption')[0]?.body as {
      requestId: string;
    };
    expect(body).toEqual({
      adoptionCatalog: { divisionId: 1, departmentCode: 'BIOL', courseCode: '101' },
      adoptionMaterial: {
        titleId: CREATED_TITLE_ID,
        noTextRequired: false,
        required: true,
        bindInComponentRequired: false,
        printOnlyRequired: false,
        flexibleOnEdition: true,
        ia: true,
        estimatedSectionEnrollment: 35,
        externalAdoptionNote: '',
        startDate: '2026-06-01',
        expirationDate: null,
      },
      autoAdopt: false,
      iapublisher: 'Garland',
      message: null,
      sectionIdList: [12],
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await screen.findByText('Adoption added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.length).toBe(0);
  });

  it('makes an auto adoption for every section when asked', async () => {
    const { user, calls } = renderWizard(undefined, { handlers: SECTIONS_WITHOUT_NTR });
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    await user.click(
      within(group(dialog, 'Adopt for every section of this course (auto adoption)?')).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText(/covers every section of the course/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/createTitle')).toHaveLength(0);
    expect(callsTo(calls, 'POST', 'material/createAdoption')[0]?.body).toMatchObject({
      adoptionMaterial: { titleId: 438 },
      autoAdopt: true,
      sectionIdList: [],
    });
  });

  it.each([
    [
      'autoAdopt',
      `${ADOPTION_EXISTS_MESSAGE} This product is already on an Auto Adoption for this course: edit the existing auto adoption instead.`,
    ],
    [
      'sectionIdList',
      `${ADOPTION_EXISTS_MESSAGE} This product is already adopted for an identical section.`,
    ],
  ])(
    'explains a 409 naming %s, keeps the choices, and retries as the same request',
    async (field, text) => {
      const { user, calls } = renderWizard(undefined, {
        handlers: {
          [`POST ${BASE}/material/createAdoption`]: () =>
            json(409, { message: ADOPTION_EXISTS_MESSAGE, field }),
        },
      });
      const dialog = await pickSearchResult(user, /^Cell Biology/);
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await user.click(await within(dialog).findByRole('checkbox', { name: 'A2 (Fall 2026)' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
      expect(within(dialog).getByRole('checkbox', { name: 'A2 (Fall 2026)' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
      await waitFor(() =>
        expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(2),
      );
      const ids = callsTo(calls, 'POST', 'material/createAdoption').map(
        (c) => (c.body as { requestId: string }).requestId,
      );
      expect(ids[0]).toBe(ids[1]);
    },
  );

  it("says 'Error creating adoption:' with the server's message for other failures", async () => {
    const { user } = renderWizard(undefined, {
      handlers: {
        [`POST ${BASE}/material/createAdoption`]: () =>
          json(422, { message: 'The start date is after the end of every section.' }),
      },
    });
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'A2 (Fall 2026)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error creating adoption: The start date is after the end of every section.',
    );
  });
});

describe('Adoption wizard: a custom title', () => {
  it("says 'Unable to save information!' with the server's message and keeps what was typed", async () => {
    const { user } = renderWizard(undefined, {
      handlers: {
        [`POST ${BASE}/material/createProposedTitle`]: () =>
          json(400, { message: 'productLink must be a web address', field: 'productLink' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add adoption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an adoption' });
    await user.click(within(dialog).getByRole('button', { name: /^Search for a material/ }));
    await user.click(within(dialog).getByRole('button', { name: /propose a custom title/ }));
    await within(dialog).findByRole('heading', { name: 'Propose a custom title' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Biology lab pack');
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Kind of material' }),
      'Course pack',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unable to save information! productLink must be a web address',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Biology lab pack');
  });
});
