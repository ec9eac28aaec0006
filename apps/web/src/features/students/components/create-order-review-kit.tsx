import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateOrderButton } from './create-order-button.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import {
  CUSTOMER_ID,
  LOGIC,
  allowance,
  callsTo,
  renderWithOrders,
  type FakeWorld,
} from './order-test-server.tsx';

/* The create-order dialog's review step over the fake server, for the funding tests. */

const ui = <CreateOrderButton customerId={CUSTOMER_ID} studentName="Hannah Lindqvist" />;

export const AID = allowance({ balanceCents: 10000 });
export const DEPARTMENT = allowance({
  allowanceId: 302,
  sourceName: 'Philosophy Department Fund',
  kind: 'DEPARTMENT',
  voucherCode: 'P3H8W1ZC6N',
  balanceCents: 5000,
});

/**
 * Opens the dialog, orders Readings in Logic (rent used, $122.00) for pick-up: the review. The
 * clerk may see students' funding (the counter team holds VIEW_STUDENT_FUNDING) unless the
 * world says otherwise.
 */
export async function reviewLogic(world: FakeWorld = {}) {
  const view = await renderWithOrders(ui, {
    actions: ['AUTOGEN_CREATE_ORDER', 'VIEW_STUDENT_FUNDING'],
    ...world,
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: M.button }));
  const dialog = await screen.findByRole('dialog', { name: M.title('Hannah Lindqvist') });
  await user.click(await within(dialog).findByRole('checkbox', { name: LOGIC.title }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('radiogroup', { name: 'Shipping method' });
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('list', { name: 'Order lines' });
  const lastPreview = () => callsTo(view.calls, 'POST', 'createOrderPreview').at(-1)?.body;
  return { ...view, user, dialog, lastPreview };
}

export const ITEMS = [
  { sectionId: LOGIC.sectionId, titleId: LOGIC.titleId, fulfillmentType: 'RENT_USED' },
];
