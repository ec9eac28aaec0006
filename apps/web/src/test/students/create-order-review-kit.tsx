import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { CreateOrderButton } from '../../features/students/orders/create-order-button.tsx';
import { ORDER_FUNDING_MESSAGES as F } from '../../features/students/orders/create-order-funding-section.tsx';
import { CREATE_ORDER_MESSAGES as M } from '../../features/students/orders/create-order-messages.ts';
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

const PROMOTION_USED_UP = 'The promotion WELCOME10 has been used as many times as it may be.';

/**
 * The clerk enters WELCOME10 and places the order; the server refuses the promotion on its
 * field: the refusal shows once, as the promotion field's description.
 */
export async function expectPromotionRefusalShownOnce(world: FakeWorld): Promise<void> {
  let refused = false;
  const { user, dialog } = await reviewLogic({
    ...world,
    promotions: { WELCOME10: 1000 },
    handlers: {
      'POST /app-rest/admin_portal/v1/7/createOrder': () => {
        refused = true;
        return new Response(
          JSON.stringify({ message: PROMOTION_USED_UP, field: 'funding.promotionCode' }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      },
    },
  });
  const code = within(dialog).getByRole('textbox', { name: F.promotionCode });
  await user.type(code, 'WELCOME10{Enter}');
  await within(dialog).findByText(/Welcome Promotion/);
  await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
  await waitFor(() => expect(refused).toBe(true));
  await waitFor(() => expect(code).toHaveAccessibleDescription(PROMOTION_USED_UP));
  expect(within(dialog).getAllByText(/has been used as many times/)).toHaveLength(1);
}
