import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenWidth } from '../../../test/screen-width.ts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { CUSTOMER, rental, renderDesk, scan } from './rentals-desk-world.tsx';
import { keepStyleRules } from '../../../test/style-rules.ts';

// The action bar's position (sticky on a desktop) is read from the computed style.
keepStyleRules();

/* The action bar under the rental lists: what it says and offers as rentals are checked. */

const PATH = `/search/student/${CUSTOMER}`;
const conditionOf = (n: number) =>
  screen.getByRole('combobox', { name: `Condition of Title ${n} (DU${n})` });
const forAll = () => screen.getByRole('combobox', { name: M.conditionForAll });
const bar = () => screen.getByTestId('rental-action-bar');

beforeEach(() => localStorage.clear());

describe('rentals action bar', () => {
  it('updates, then drops, "choose a condition" as the flagged rentals get one', async () => {
    const user = userEvent.setup();
    renderDesk(PATH);
    await scan(user, 'DU1');
    await scan(user, 'DU2');
    await user.click(screen.getByRole('button', { name: 'Return 2 rentals' }));
    expect(screen.getByText(M.missingConditions(2))).toBeVisible();

    await user.selectOptions(conditionOf(1), 'Good');
    expect(screen.queryByText(M.missingConditions(2))).toBeNull();
    expect(screen.getByText(M.missingConditions(1))).toBeVisible();

    await user.selectOptions(conditionOf(2), 'New');
    expect(screen.queryByText(M.missingConditions(1))).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('drops "choose a condition" once the condition for all is applied', async () => {
    const user = userEvent.setup();
    renderDesk(PATH);
    await scan(user, 'DU1');
    await scan(user, 'DU3');
    await user.click(screen.getByRole('button', { name: 'Return 2 rentals' }));
    expect(screen.getByText(M.missingConditions(2))).toBeVisible();
    await user.selectOptions(forAll(), 'Damaged');
    expect(screen.queryByText(/Choose a condition/)).toBeNull();
  });

  it('shows the condition applied to all while every checked rental has it', async () => {
    const user = userEvent.setup();
    renderDesk(PATH);
    await scan(user, 'DU1');
    await scan(user, 'DU2');
    expect(forAll()).toHaveValue('');

    await user.selectOptions(forAll(), 'Damaged');
    expect(forAll()).toHaveValue('Damaged');
    expect(conditionOf(1)).toHaveValue('Damaged');
    expect(conditionOf(2)).toHaveValue('Damaged');

    // One row changed: "all" no longer holds, so it asks again rather than claim it.
    await user.selectOptions(conditionOf(2), 'Good');
    expect(forAll()).toHaveValue('');
    await user.selectOptions(forAll(), 'Good');
    expect(forAll()).toHaveValue('Good');
    // A rental checked after it has no condition yet: not all of them are Good.
    await scan(user, 'DU3');
    expect(forAll()).toHaveValue('');
  });

  it('disables Print shipping label, saying why, until an outstanding rental is checked', async () => {
    const user = userEvent.setup();
    renderDesk(PATH, {
      inTransit: [{ transId: 5, transItems: [rental(9, { trackingNumber: '1Z1' })] }],
    });
    const print = await screen.findByRole('button', { name: M.printButton });
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription(M.noneChecked);
    expect(within(bar()).getByText(M.noneChecked)).toBeVisible();

    // Rentals in transit have their label already: still nothing to print.
    await scan(user, 'DU9');
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription(M.noOutstandingChecked);

    await scan(user, 'DU1');
    const ready = screen.getByRole('button', { name: `${M.printButton} (1)` });
    expect(ready).toBeEnabled();
    expect(ready).not.toHaveAttribute('aria-describedby');
    expect(within(bar()).queryByText(M.noOutstandingChecked)).toBeNull();
  });

  it.each([
    [390, 'static'],
    [1280, 'sticky'],
  ] as const)('at %i px wide, with rentals checked, the bar is %s', async (width, position) => {
    // jsdom lays nothing out: what it can show is whether the bar floats over the list.
    screenWidth(width);
    const user = userEvent.setup();
    renderDesk(PATH);
    await scan(user, 'DU1');
    await scan(user, 'DU2');
    expect(bar()).toHaveStyle({ position });
  });
});
