import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FUNDING_FORM_MESSAGES, parseMaxDollars } from './create-order-funding.ts';
import { ORDER_FUNDING_MESSAGES as F } from './create-order-funding-section.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import {
  AID,
  DEPARTMENT,
  ITEMS,
  expectPromotionRefusalShownOnce,
  reviewLogic,
} from '../../../test/students/create-order-review-kit.tsx';
import { CUSTOMER_ID, allowance, callsTo } from '../../../test/students/order-test-server.tsx';

describe('Create order with funding', () => {
  it('pays from funding by default, shows each allowance, funded and what the student pays, and places the same choice', async () => {
    const { user, dialog, calls, lastPreview } = await reviewLogic({
      allowances: [AID, DEPARTMENT],
    });
    const fundingSwitch = within(dialog).getByRole('switch', { name: /Pay from funding/ });
    expect(fundingSwitch).toBeChecked();
    expect(fundingSwitch).toHaveAccessibleName('Pay from funding ($150.00 available today)');
    expect(lastPreview()).toEqual({
      customerId: CUSTOMER_ID,
      items: ITEMS,
      shippingMethod: 'PICKUP',
      funding: { useAllowances: true, maxCents: null, promotionCode: null },
    });
    // $122.00 of materials: $100.00 from the aid, the rest from the department; the tax is
    // the student's.
    const paid = await within(dialog).findByRole('list', { name: F.paidFromFunding });
    const lines = within(paid).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent(
      'Paid from funding: Fall Book Advance (voucher K7M2Q9XR4T)$100.00',
    );
    expect(lines[1]).toHaveTextContent(
      'Paid from funding: Philosophy Department Fund (voucher P3H8W1ZC6N)$22.00',
    );
    for (const text of ['Total$130.85', 'Funded−$122.00', 'Student pays$8.85']) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).toHaveTextContent(F.studentsShare);

    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const placed = callsTo(calls, 'POST', 'createOrder');
    expect(placed).toHaveLength(1);
    expect(placed[0]?.body).toMatchObject({
      items: ITEMS,
      funding: { useAllowances: true, maxCents: null, promotionCode: null },
    });
    // The balances are read again after the charge.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', 'student/funding').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('prices the order again without funding when it is switched off, and places it so', async () => {
    const { user, dialog, calls, lastPreview } = await reviewLogic({ allowances: [AID] });
    await within(dialog).findByRole('list', { name: F.paidFromFunding });
    await user.click(within(dialog).getByRole('switch', { name: /Pay from funding/ }));
    await waitFor(() =>
      expect(lastPreview()).toMatchObject({
        funding: { useAllowances: false, maxCents: null, promotionCode: null },
      }),
    );
    expect(await within(dialog).findByText('Student pays')).toBeVisible();
    expect(dialog).toHaveTextContent('Funded$0.00');
    expect(dialog).toHaveTextContent('Student pays$130.85');
    expect(within(dialog).queryByRole('list', { name: F.paidFromFunding })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: F.promotionCode })).toBeNull();
    expect(dialog).toHaveTextContent(F.off);

    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'createOrder')[0]?.body).toMatchObject({
      funding: { useAllowances: false, maxCents: null, promotionCode: null },
    });
  });

  it('caps what funding pays at the amount typed, in cents, and refuses an amount that is not one', async () => {
    const { user, dialog, lastPreview } = await reviewLogic({ allowances: [AID] });
    const atMost = within(dialog).getByRole('textbox', { name: F.atMost });
    await user.type(atMost, '50.5{Enter}');
    await waitFor(() => expect(lastPreview()).toMatchObject({ funding: { maxCents: 5050 } }));
    expect(await within(dialog).findByText('Student pays')).toBeVisible();
    expect(dialog).toHaveTextContent('Funded−$50.50');
    expect(dialog).toHaveTextContent('Student pays$80.35');

    await user.clear(atMost);
    await user.type(atMost, 'fifty');
    await user.tab();
    expect(atMost).toHaveAccessibleDescription(FUNDING_FORM_MESSAGES.badAmount);
    expect(atMost).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: M.placeOrder })).toBeDisabled();
  });

  it('shows a refused promotion code on its field, and prices again once it is corrected', async () => {
    const { user, dialog, calls, lastPreview } = await reviewLogic({
      allowances: [AID],
      promotions: { WELCOME10: 1000 },
    });
    const code = within(dialog).getByRole('textbox', { name: F.promotionCode });
    await user.type(code, 'welcom10{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('No open promotion has the code WELCOM10.'),
    );
    expect(code).toHaveValue('WELCOM10');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveTextContent(M.fixFunding);
    expect(within(dialog).getByRole('button', { name: M.placeOrder })).toBeDisabled();
    // Said on the field only, not again as the step's error.
    expect(within(dialog).queryByText(/^Promotion code: /)).toBeNull();

    await user.clear(code);
    await user.type(code, 'WELCOME10');
    await user.tab();
    await waitFor(() =>
      expect(lastPreview()).toMatchObject({ funding: { promotionCode: 'WELCOME10' } }),
    );
    const paid = await within(dialog).findByRole('list', { name: F.paidFromFunding });
    expect(paid).toHaveTextContent('Welcome Promotion (voucher WELCOME10)$10.00');
    expect(paid).toHaveTextContent('Fall Book Advance (voucher K7M2Q9XR4T)$100.00');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'createOrder')[0]?.body).toMatchObject({
      funding: { useAllowances: true, maxCents: null, promotionCode: 'WELCOME10' },
    });
  });

  it('shows a promotion refused when the order is placed on the field, and keeps the dialog', async () => {
    // The preview accepted it; by the time of the order another clerk used its last use.
    let usedUp = false;
    const { user, dialog } = await reviewLogic({
      allowances: [AID],
      promotions: { WELCOME10: 1000 },
      handlers: {
        'POST /app-rest/admin_portal/v1/7/createOrder': () => {
          usedUp = true;
          return new Response(
            JSON.stringify({
              message: 'The promotion WELCOME10 has been used as many times as it may be.',
              field: 'funding.promotionCode',
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          );
        },
      },
    });
    const code = within(dialog).getByRole('textbox', { name: F.promotionCode });
    await user.type(code, 'WELCOME10{Enter}');
    await within(dialog).findByText(/Welcome Promotion/);
    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(usedUp).toBe(true));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'The promotion WELCOME10 has been used as many times as it may be.',
      ),
    );
    expect(screen.getByRole('dialog')).toBeVisible();
    // Changing the code takes the refusal away.
    await user.type(code, 'X');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a student without funding usable today only a promotion code, and sends no funding until one is applied', async () => {
    const ended = allowance({
      usableToday: false,
      chargeStartsOn: '2001-01-01',
      chargeEndsOn: '2001-02-01',
    });
    const { user, dialog, calls, lastPreview } = await reviewLogic({
      allowances: [ended],
      promotions: { WELCOME10: 1000 },
    });
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).getByRole('region', { name: F.heading })).toHaveTextContent(
      F.noAllowances,
    );
    expect(dialog).toHaveTextContent('Total$130.85');
    expect(dialog).not.toHaveTextContent(/Student pays|Funded/);
    expect(lastPreview()).not.toHaveProperty('funding');
    expect(callsTo(calls, 'GET', 'student/funding')).toHaveLength(1);

    const code = within(dialog).getByRole('textbox', { name: F.promotionCode });
    await user.type(code, 'welcome10{Enter}');
    await waitFor(() =>
      expect(lastPreview()).toMatchObject({
        funding: { useAllowances: false, maxCents: null, promotionCode: 'WELCOME10' },
      }),
    );
    await within(dialog).findByRole('list', { name: F.paidFromFunding });
    expect(dialog).toHaveTextContent('Funded−$10.00');
  });

  it('shows a promotion refused at placing once, on its field, for a student without usable funding', async () => {
    const ended = allowance({
      usableToday: false,
      chargeStartsOn: '2001-01-01',
      chargeEndsOn: '2001-02-01',
    });
    await expectPromotionRefusalShownOnce({ allowances: [ended] });
  });

  it('says when the funding could not be read, and orders without it', async () => {
    const { dialog, lastPreview } = await reviewLogic({
      allowances: [AID],
      handlers: {
        'GET /app-rest/admin_portal/v1/7/student/funding': () =>
          new Response(JSON.stringify({ message: 'The database is restarting.' }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    expect(dialog).toHaveTextContent(M.fundingUnavailable('The database is restarting.'));
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(lastPreview()).not.toHaveProperty('funding');
  });
});

describe('parseMaxDollars', () => {
  it('reads dollars as whole cents, empty as no limit', () => {
    expect(parseMaxDollars('')).toEqual({ cents: null });
    expect(parseMaxDollars(' 25 ')).toEqual({ cents: 2500 });
    expect(parseMaxDollars('$1,250.5')).toEqual({ cents: 125050 });
    expect(parseMaxDollars('.75')).toEqual({ cents: 75 });
    expect(parseMaxDollars('0')).toEqual({ cents: 0 });
  });

  it('refuses what is not an amount, a part of a cent, and more than a budget can be', () => {
    for (const text of ['abc', '-5', '1.005', '1e3', '12.3.4']) {
      expect(parseMaxDollars(text), text).toEqual({ error: FUNDING_FORM_MESSAGES.badAmount });
    }
    expect(parseMaxDollars('10000001')).toEqual({ error: FUNDING_FORM_MESSAGES.tooMuch });
  });
});
