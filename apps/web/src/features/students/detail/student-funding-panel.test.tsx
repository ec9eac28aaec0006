import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  CUSTOMER_ID,
  allowance,
  callsTo,
  renderWithOrders,
} from '../../../test/students/order-test-server.tsx';
import { STUDENT_FUNDING_MESSAGES as M, StudentFundingPanel } from './student-funding-panel.tsx';
import { allowanceState } from './student-funding-state.ts';

const ui = <StudentFundingPanel customerId={CUSTOMER_ID} />;
const card = (name: string) => screen.getByRole('article', { name });

describe('StudentFundingPanel', () => {
  it("lists the student's allowances with what each pays for, has left and whether it is usable, and the total available today", async () => {
    const view = await renderWithOrders(ui, {
      // The counter team's action: see a student's funding without managing it.
      actions: ['VIEW_STUDENT_FUNDING'],
      allowances: [
        allowance(),
        allowance({
          allowanceId: 302,
          sourceName: 'Spring Scholarship',
          kind: 'SCHOLARSHIP',
          voucherCode: 'S9N4C2V7BQ',
          termNames: [],
          chargeStartsOn: '2099-01-10',
          chargeEndsOn: '2099-02-10',
          usableToday: false,
          eligibility: 'Any course material: new, used, rental, digital',
          allocatedCents: 30000,
          spentCents: 0,
          balanceCents: 30000,
        }),
        allowance({
          allowanceId: 303,
          sourceName: 'Summer Grant',
          kind: 'GRANT',
          voucherCode: 'G1R5T8Y3UP',
          chargeStartsOn: '2001-06-01',
          chargeEndsOn: '2001-08-31',
          usableToday: false,
          allocatedCents: 8000,
          spentCents: 8000,
          balanceCents: 0,
        }),
      ],
    });
    const region = await screen.findByRole('region', { name: M.title });
    // Only what is usable today counts: the scholarship has not opened yet.
    expect(await within(region).findByText('Available today: $125.00')).toBeVisible();
    expect(within(region).getAllByRole('article')).toHaveLength(3);

    const aid = card('Fall Book Advance');
    expect(aid).toHaveTextContent('Usable today');
    expect(aid).toHaveTextContent('Financial aid · Voucher K7M2Q9XR4T · Fall 2026');
    expect(aid).toHaveTextContent('Charges from 08/01/2026 to 09/30/2026');
    expect(aid).toHaveTextContent(
      "Pays for: Required materials of the student's own sections: new, used, rental",
    );
    for (const text of ['Allocated$150.00', 'Spent$25.00', 'Balance$125.00']) {
      expect(aid).toHaveTextContent(text);
    }

    const scholarship = card('Spring Scholarship');
    expect(scholarship).toHaveTextContent('Not open yet');
    expect(scholarship).toHaveTextContent('Scholarship · Voucher S9N4C2V7BQ · Any term');
    expect(scholarship).toHaveTextContent('Pays for: Any course material');
    expect(scholarship).toHaveTextContent('Balance$300.00');

    const grant = card('Summer Grant');
    expect(grant).toHaveTextContent('Ended');
    expect(grant).toHaveTextContent('Balance$0.00');
    expect(
      callsTo(view.calls, 'GET', 'student/funding')[0]?.url.searchParams.get('customerId'),
    ).toBe(String(CUSTOMER_ID));
  });

  it('says when the student has no funding', async () => {
    await renderWithOrders(ui, { actions: ['MANAGE_VOUCHERS'], allowances: [] });
    const region = await screen.findByRole('region', { name: M.title });
    expect(await within(region).findByText(M.empty)).toBeVisible();
    expect(region).not.toHaveTextContent('Available today');
  });

  it('says the funding could not be loaded, and loads it again on request', async () => {
    let fail = true;
    const view = await renderWithOrders(ui, {
      actions: ['VIEW_STUDENT_FUNDING'],
      allowances: [allowance()],
      handlers: {
        [`GET ${BASE}/student/funding`]: () =>
          fail
            ? json(403, { message: 'You may not look this student up.' })
            : json(200, { allowances: [allowance()], availableCents: 12500 }),
      },
    });
    const region = await screen.findByRole('region', { name: M.title });
    expect(
      await within(region).findByText(
        "Could not load the student's funding: You may not look this student up.",
      ),
    ).toBeVisible();
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Available today: $125.00')).toBeVisible();
    expect(callsTo(view.calls, 'GET', 'student/funding')).toHaveLength(2);
  });

  it('shows nothing, and asks for nothing, to a user without MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING', async () => {
    const view = await renderWithOrders(
      <>
        <h1>Student</h1>
        {ui}
      </>,
      // A clerk who returns rentals and places orders, and reports on students.
      {
        actions: ['RETURN_RENTALS', 'AUTOGEN_CREATE_ORDER', 'VIEW_SECTION', 'VIEW_TRANSACTIONS'],
        allowances: [allowance()],
      },
    );
    expect(await screen.findByRole('heading', { name: 'Student' })).toBeVisible();
    expect(screen.queryByRole('region', { name: M.title })).toBeNull();
    expect(document.body).not.toHaveTextContent(/Voucher|Available today/);
    expect(callsTo(view.calls, 'GET', 'student/funding')).toHaveLength(0);
  });
});

describe('allowanceState', () => {
  const window = { chargeStartsOn: '2026-08-01', chargeEndsOn: '2026-09-30' };
  it("follows the server on what is usable, and the window's days (inclusive) on why not", () => {
    expect(allowanceState({ ...window, usableToday: true }, '2026-08-01')).toBe('usable');
    expect(allowanceState({ ...window, usableToday: false }, '2026-07-31')).toBe('upcoming');
    expect(allowanceState({ ...window, usableToday: false }, '2026-09-30')).toBe('spent');
    expect(allowanceState({ ...window, usableToday: false }, '2026-10-01')).toBe('ended');
  });
});
