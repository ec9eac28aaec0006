import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  COURSE_PATH,
  CREATED_TITLE_ID,
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

async function editCellBiology(options: Parameters<typeof renderWizard>[1] = {}) {
  const view = renderWizard(`${COURSE_PATH}?editAdoptionId=101`, options);
  const dialog = await wizardDialog('Edit adoption');
  await within(dialog).findByRole('heading', { name: 'About this adoption' });
  return { ...view, dialog };
}

describe('Adoption wizard: editing', () => {
  it('sends clearExpirationDate when the end date is emptied, and only what changed', async () => {
    const { user, dialog, calls } = await editCellBiology();
    const end = within(dialog).getByLabelText('End date');
    expect(end).toHaveValue('2027-05-08');
    await user.clear(end);
    // docs/behaviour/flows.md: in edit mode every next button says Submit; questions go on to the sections.
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('heading', { name: 'Choose the sections' });
    // Its sections stay chosen, the one past the horizon included.
    expect(within(dialog).getByRole('checkbox', { name: 'A1 (Spring 2027)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'A2 (Fall 2026)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/modifyAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/modifyAdoption')[0]?.body).toEqual({
      adoptionMaterial: { adoptionMaterialId: 101 },
      clearExpirationDate: true,
      sectionIdList: [12, 13],
    });
    expect(await screen.findByText('Adoption updated.')).toBeInTheDocument();
  });

  it("says 'Error updating adoption:' with the server's message and keeps the answers", async () => {
    const { user, dialog } = await editCellBiology({
      handlers: {
        [`POST ${BASE}/material/modifyAdoption`]: () =>
          json(409, { message: 'The adoption was removed meanwhile.' }),
      },
    });
    const enrollment = within(dialog).getByRole('textbox', {
      name: 'Estimated section enrollment',
    });
    await user.clear(enrollment);
    await user.type(enrollment, '55');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('heading', { name: 'Choose the sections' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating adoption: The adoption was removed meanwhile.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Estimated section enrollment' }),
    ).toHaveValue('55');
  });

  it('leaves the wizard on Back from its first page', async () => {
    const { user, dialog, router } = await editCellBiology();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});

describe('Adoption wizard: linking a proposed title to a catalog title', () => {
  it('finds the title, shows both side by side, and links it', async () => {
    const { user, calls, router } = renderWizard();
    // Lab Notebook waits for a response: listed under that heading and its type's; the first.
    const card = (await screen.findAllByRole('article', { name: 'Lab Notebook' }))[0]!;
    await user.click(within(card).getByRole('button', { name: /^Link to a catalog title/ }));
    const dialog = await wizardDialog('Link to a catalog title');
    expect(router.state.location.search).toContain('linkAdoptionId=102');
    await within(dialog).findByRole('heading', { name: 'Find the catalog title' });
    expect(within(dialog).queryByRole('button', { name: /custom title/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox'), 'molecular');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('button', { name: /^Molecular Biology/ }));
    await within(dialog).findByRole('heading', { name: 'Link the proposed title' });
    expect(within(dialog).getByRole('region', { name: 'Proposed title' })).toHaveTextContent(
      'Lab Notebook',
    );
    expect(within(dialog).getByRole('region', { name: 'Catalog title' })).toHaveTextContent(
      'Molecular Biology of the Cell',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'POST', 'material/convertMaterialProposedToActualTitle')[0]?.body,
      ).toEqual({ adoptionMaterialId: 102, titleToConvertToId: CREATED_TITLE_ID }),
    );
    expect(await screen.findByText(/now linked to the catalog title/)).toBeInTheDocument();
  });

  it('is offered only to the course materials team and title assigners', async () => {
    renderWizard(COURSE_PATH, { courseActions: ['ADOPT_COURSE'] });
    // Lab Notebook waits for a response: listed under that heading and its type's; the first.
    const card = (await screen.findAllByRole('article', { name: 'Lab Notebook' }))[0]!;
    expect(
      within(card).queryByRole('button', { name: /^Link to a catalog title/ }),
    ).not.toBeInTheDocument();
  });
});
