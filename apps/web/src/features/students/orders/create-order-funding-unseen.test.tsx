import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_FUNDING_MESSAGES as F } from './create-order-funding-section.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import {
  AID,
  expectPromotionRefusalShownOnce,
  reviewLogic,
} from '../../../test/students/create-order-review-kit.tsx';
import { callsTo } from '../../../test/students/order-test-server.tsx';

/*
 * A clerk who places orders without MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING: the server tells
 * them no balance nor voucher code (ADR 0023), but the order still pays from funding.
 */
describe('Create order for a clerk who may not see the student’s funding', () => {
  it('offers funding to a clerk who may not see it, and shows what it pays on this order without a voucher code', async () => {
    const { user, dialog, calls, lastPreview } = await reviewLogic({
      actions: ['AUTOGEN_CREATE_ORDER'],
      allowances: [AID],
    });
    // No balance is asked for (the server would refuse) nor told.
    expect(callsTo(calls, 'GET', 'student/funding')).toHaveLength(0);
    const fundingSwitch = within(dialog).getByRole('switch', { name: /Pay from funding/ });
    expect(fundingSwitch).toBeChecked();
    expect(fundingSwitch).toHaveAccessibleName('Pay from funding');
    expect(lastPreview()).toMatchObject({
      funding: { useAllowances: true, maxCents: null, promotionCode: null },
    });
    const paid = await within(dialog).findByRole('list', { name: F.paidFromFunding });
    expect(within(paid).getAllByRole('listitem')).toHaveLength(1);
    expect(paid).toHaveTextContent('Paid from funding: Fall Book Advance$100.00');
    expect(dialog).not.toHaveTextContent(/voucher|K7M2Q9XR4T/i);
    expect(dialog).toHaveTextContent('Funded−$100.00');

    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'createOrder')[0]?.body).toMatchObject({
      funding: { useAllowances: true, maxCents: null, promotionCode: null },
    });
    expect(callsTo(calls, 'GET', 'student/funding')).toHaveLength(0);
  });

  it('shows a promotion refused at placing once, on its field', async () => {
    await expectPromotionRefusalShownOnce({ actions: ['AUTOGEN_CREATE_ORDER'], allowances: [AID] });
  });
});
