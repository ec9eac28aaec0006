import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActionName, TitleDTO, TitleKindInput } from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import {
  BASE,
  CELL_BIOLOGY,
  COURSE_PATH,
  callsTo,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

const CELL_TITLE = CELL_BIOLOGY.title as TitleDTO;

/** Answers the title as the server would store it. */
const stored = (req: StubRequest) => {
  const body = req.body as Required<TitleKindInput>;
  return json(200, { titleDTO: { ...CELL_TITLE, ...body, id: body.titleId } });
};

/** The course, with updateTitleKind answered by `answer`. */
async function openEditTitle(
  courseActions: ActionName[] = ['ADOPT_CMA_TEAM', 'VIEW_SECTION'],
  answer = stored,
  mayEditTitles?: boolean,
) {
  const view = renderCourse(COURSE_PATH, {
    courseActions,
    mayEditTitles,
    handlers: { [`POST ${BASE}/material/updateTitleKind`]: answer },
  });
  const card = (await screen.findAllByRole('article', { name: 'Cell Biology' }))[0] as HTMLElement;
  return { ...view, card, user: userEvent.setup() };
}

describe('Edit title (the course materials team)', () => {
  it('is offered to the course materials team only, on catalog titles', async () => {
    const { card } = await openEditTitle();
    expect(
      within(card).getByRole('button', { name: 'Edit title of Cell Biology' }),
    ).toBeInTheDocument();
    // A proposed title is not a catalog title yet: nothing to edit.
    const lab = screen.getAllByRole('article', { name: 'Lab Notebook' })[0] as HTMLElement;
    expect(within(lab).queryByRole('button', { name: /^Edit title/ })).not.toBeInTheDocument();
  });

  it("is not offered to the team of some departments only: titles are every catalog's", async () => {
    const { card } = await openEditTitle(['ADOPT_CMA_TEAM', 'VIEW_SECTION'], stored, false);
    expect(within(card).queryByRole('button', { name: /^Edit title/ })).not.toBeInTheDocument();
    // The team's other buttons stay.
    expect(within(card).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
  });

  it('is not offered to an instructor', async () => {
    const { card } = await openEditTitle(['ADOPT_INSTRUCTOR']);
    expect(within(card).queryByRole('button', { name: /^Edit title/ })).not.toBeInTheDocument();
  });

  it("shows the title's kind and prices in dollars, and asks an OER for its licence and address", async () => {
    const { card, user, calls } = await openEditTitle();
    await user.click(within(card).getByRole('button', { name: 'Edit title of Cell Biology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit title' });
    expect(within(dialog).getByRole('combobox', { name: 'Material kind' })).toHaveValue(
      'COMMERCIAL_PRINT',
    );
    expect(within(dialog).getByRole('textbox', { name: 'New price' })).toHaveValue('125.00');
    expect(within(dialog).getByRole('textbox', { name: 'Used price' })).toHaveValue('94.00');
    expect(within(dialog).getByRole('textbox', { name: 'Rental price' })).toHaveValue('');

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Material kind' }),
      'Open educational resource',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect(await within(dialog).findByText('Enter the resource address.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Enter the licence/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'material/updateTitleKind')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Licence/ }), 'CC BY 4.0');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Access address/ }),
      'https://openstax.org/details/books/biology-2e',
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'New price' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Used price' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Digital price' }), '$0');
    await user.click(within(dialog).getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'material/updateTitleKind')[0]?.body).toEqual({
      titleId: CELL_TITLE.id,
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://openstax.org/details/books/biology-2e',
      prices: { newCents: null, usedCents: null, rentalCents: null, digitalCents: 0 },
    });
    // What the course's sections cost changed: its Cost gaps panel asks again.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '1/BIOL/101/getCourseCostGaps')).toHaveLength(2),
    );
  });

  it('says what is wrong with a price, and shows a refusal of no field under the fields', async () => {
    const refusal = 'Only the course materials team, store-wide, can change a title.';
    const { card, user } = await openEditTitle(undefined, () => json(403, { message: refusal }));
    await user.click(within(card).getByRole('button', { name: 'Edit title of Cell Biology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit title' });
    const rental = within(dialog).getByRole('textbox', { name: 'Rental price' });
    await user.type(rental, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect(rental).toHaveAccessibleDescription(
      'Enter a price in dollars, e.g. 49.95, or leave it empty.',
    );
    await user.clear(rental);
    await user.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });
});
