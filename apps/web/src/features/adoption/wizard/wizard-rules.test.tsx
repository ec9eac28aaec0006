import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  ADOPTED_RESULT,
  BASE,
  COURSE_PATH,
  SECTIONS_WITHOUT_NTR,
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

describe('Adoption wizard: which sections can be chosen', () => {
  it('disables a section past the horizon, says why, and "show all" enables it', async () => {
    const { user } = renderWizard();
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const spring = await within(dialog).findByRole('checkbox', { name: 'A1 (Spring 2027)' });
    expect(spring).toBeDisabled();
    expect(spring).toHaveAccessibleDescription(
      expect.stringContaining(
        'Cannot be chosen: Starts 01/12/2027, after the 200-day horizon (12/18/2026)',
      ),
    );
    const ntr = within(dialog).getByRole('checkbox', { name: 'N1 (Fall 2026)' });
    expect(ntr).toBeDisabled();
    expect(ntr).toHaveAccessibleDescription(
      expect.stringContaining('Already marked no text required'),
    );
    await user.click(within(dialog).getByRole('switch', { name: /Show all sections/ }));
    expect(spring).toBeEnabled();
    await user.click(spring);
    expect(spring).toBeChecked();
    // Back to the narrow horizon: the section it allowed is no longer chosen.
    await user.click(within(dialog).getByRole('switch', { name: /Show all sections/ }));
    expect(spring).toBeDisabled();
    expect(spring).not.toBeChecked();
  });

  it('marks the sections that already carry the chosen title, and does not let them be chosen', async () => {
    const { user } = renderWizard(undefined, {
      handlers: {
        [`GET ${BASE}/material/search`]: () =>
          json(200, { materials: [ADOPTED_RESULT], recordCount: 1, isbnMatch: false }),
      },
    });
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const a2 = await within(dialog).findByRole('checkbox', { name: 'A2 (Fall 2026)' });
    expect(a2).toBeDisabled();
    expect(a2).toHaveAccessibleDescription(
      expect.stringContaining('Cannot be chosen: Already has this title'),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'B1 (Fall 2026)' })).toBeEnabled();
  });

  it('says before submit why a title cannot go on every section, naming sections with their term', async () => {
    const { user, calls } = renderWizard();
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    const auto = within(dialog).getByRole('radiogroup', {
      name: 'Adopt for every section of this course (auto adoption)?',
    });
    await user.click(within(auto).getByRole('radio', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Section N1 (Fall 2026) cannot be chosen: Already marked no text required. Answer No and choose the other sections instead.',
    );
    expect(auto).toHaveAccessibleDescription(expect.stringContaining('Section N1 (Fall 2026)'));
    // Next keeps the user on the questions, where the reason is; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Step 2 of 3: Questions');
    await user.click(within(auto).getByRole('radio', { name: 'No' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(0);
  });

  it('says before submit that the title is already on some sections of the course', async () => {
    const { user } = renderWizard(undefined, {
      handlers: {
        ...SECTIONS_WITHOUT_NTR,
        [`GET ${BASE}/material/search`]: () =>
          json(200, { materials: [ADOPTED_RESULT], recordCount: 1, isbnMatch: false }),
      },
    });
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    const auto = within(dialog).getByRole('radiogroup', {
      name: 'Adopt for every section of this course (auto adoption)?',
    });
    await user.click(within(auto).getByRole('radio', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Adoption already exists for this title. Sections A2 (Fall 2026), A1 (Spring 2027) already have it: answer No and choose the other sections instead.',
    );
  });

  it('records no text required from the earliest section it can apply to', async () => {
    const { user, calls } = renderWizard(`${COURSE_PATH}?adopt=new`);
    const dialog = await wizardDialog();
    await user.click(await within(dialog).findByRole('button', { name: /^No text required/ }));
    await within(dialog).findByRole('heading', { name: 'No text required' });
    // N1 has it already, A2 and A1 have materials: B1 is the first that can be marked.
    expect(within(dialog).getByLabelText(/Start date/)).toHaveValue('2026-10-05');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const a2 = await within(dialog).findByRole('checkbox', { name: 'A2 (Fall 2026)' });
    expect(a2).toHaveAccessibleDescription(
      expect.stringContaining('Already has adopted materials'),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'B1 (Fall 2026)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Adoption' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'material/createAdoption')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'material/createAdoption')[0]?.body).toMatchObject({
      adoptionMaterial: {
        noTextRequired: true,
        required: false,
        estimatedSectionEnrollment: null,
        startDate: '2026-10-05',
        expirationDate: null,
      },
      autoAdopt: false,
      sectionIdList: [14],
    });
  });
});

describe('Adoption wizard: questions a caller may not answer', () => {
  const questions = async (options: Parameters<typeof renderWizard>[1]) => {
    const { user } = renderWizard(COURSE_PATH, options);
    return pickSearchResult(user, /^Cell Biology/);
  };

  it('hides print only from a submitter when the store says so', async () => {
    const dialog = await questions({ courseActions: ['ADOPT_COURSE'] });
    expect(
      within(dialog).queryByRole('radiogroup', { name: 'Print only?' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: /auto adoption/ })).toBeInTheDocument();
  });

  it('offers print only to a submitter when the store allows it', async () => {
    const dialog = await questions({
      courseActions: ['ADOPT_COURSE'],
      allowSubmittersToSelectPrintOnly: true,
    });
    expect(within(dialog).getByRole('radiogroup', { name: 'Print only?' })).toBeInTheDocument();
  });

  it('asks an instructor no auto adoption question: they adopt for their own sections', async () => {
    const dialog = await questions({ courseActions: ['ADOPT_INSTRUCTOR'] });
    expect(
      within(dialog).queryByRole('radiogroup', { name: /auto adoption/ }),
    ).not.toBeInTheDocument();
  });
});

describe('Adoption wizard: a reload', () => {
  it('comes back on the same page with what was chosen, from sessionStorage', async () => {
    const { user, router, unmount } = renderWizard();
    await pickSearchResult(user, /^Cell Biology/);
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    expect(url).toBe(`${COURSE_PATH}?adopt=new&wizardPage=questions`);
    unmount();
    // A new app at the same address: what a reload gives.
    renderWizard(url);
    const dialog = await wizardDialog();
    expect(
      await within(dialog).findByRole('heading', { name: 'About this adoption' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Adopting' })).toHaveTextContent(
      'Cell Biology',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(
      await within(dialog).findByRole('button', { name: /^Cell Biology/ }),
    ).toBeInTheDocument();
  });

  it('forgets the wizard once it is closed', async () => {
    const { user } = renderWizard();
    const dialog = await pickSearchResult(user, /^Cell Biology/);
    expect(sessionStorage.length).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.length).toBe(0);
  });
});
