import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { ORDER_CHANGE_MESSAGES } from './order-change-actions.tsx';
import {
  BASE,
  CUSTOMER_ID,
  callsTo,
  order,
  renderWithOrders,
} from '../../../test/students/order-test-server.tsx';
import {
  TRANSACTION_HISTORY_MESSAGES as M,
  TransactionHistoryPanel,
} from './transaction-history-panel.tsx';

const ui = <TransactionHistoryPanel customerId={CUSTOMER_ID} />;
const orderCard = (orderId: number) => screen.getByRole('article', { name: `Order #${orderId}` });

describe('TransactionHistoryPanel', () => {
  it('shows nothing, and asks nothing, without VIEW_TRANSACTIONS', async () => {
    const view = await renderWithOrders(ui, { actions: ['AUTOGEN_CREATE_ORDER'] });
    expect(view.container).toBeEmptyDOMElement();
    expect(callsTo(view.calls, 'GET', 'student/transactionHistory')).toHaveLength(0);
  });

  it('lists the orders with items and amounts, savings when visible', async () => {
    await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS'],
      orders: [order({ orderId: 38, mayHold: false, mayCancel: false, status: 'FULFILLED' })],
    });
    const card = await screen.findByRole('article', { name: 'Order #38' });
    expect(card).toHaveTextContent('Fulfilled');
    expect(card).toHaveTextContent('09/23/2026 · Web order · Main Campus · Fall 2026');
    const row = within(card).getByRole('row', { name: /The Practice of Architecture/ });
    expect(row).toHaveTextContent('9780556611226');
    expect(row).toHaveTextContent('Rent used');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('$39.60');
    expect(row).toHaveTextContent('$59.39');
    for (const text of [
      'Subtotal$39.60',
      'Tax$2.87',
      'Shipping$0.00',
      'Total$42.47',
      'Savings$59.39',
    ]) {
      expect(card).toHaveTextContent(text);
    }
    // The server said this caller may not change it.
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: M.title })).toHaveTextContent('Spent $42.47');
  });

  it('leaves savings out when the caller may not see them', async () => {
    await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS'],
      savingsVisible: false,
      orders: [order({ orderId: 38, savingsCents: null })],
    });
    const card = await screen.findByRole('article', { name: 'Order #38' });
    expect(card).not.toHaveTextContent(/Savings|Saved/);
    expect(within(card).queryByRole('columnheader', { name: 'Savings' })).not.toBeInTheDocument();
  });

  it('holds and releases an order, says so, and reads the history again', async () => {
    const view = await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS', 'UNHOLD_ORDERS'],
      orders: [order({ orderId: 51 })],
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Order #51' });
    await user.click(within(orderCard(51)).getByRole('button', { name: 'Hold order #51' }));
    await waitFor(() => expect(orderCard(51)).toHaveTextContent('On hold'));
    expect(callsTo(view.calls, 'POST', 'order/hold')[0]?.body).toEqual({
      customerId: CUSTOMER_ID,
      orderId: 51,
    });
    expect(view.notifications()).toContain(ORDER_CHANGE_MESSAGES.held(51));
    await user.click(
      within(orderCard(51)).getByRole('button', { name: 'Release hold on order #51' }),
    );
    await waitFor(() => expect(orderCard(51)).toHaveTextContent('Open'));
    expect(view.notifications()).toContain(ORDER_CHANGE_MESSAGES.released(51));
    expect(callsTo(view.calls, 'GET', 'student/transactionHistory').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('asks before cancelling, and does nothing when the clerk keeps the order', async () => {
    const view = await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS', 'CANCEL_ORDERS'],
      orders: [order({ orderId: 52 })],
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Order #52' });
    await user.click(within(orderCard(52)).getByRole('button', { name: 'Cancel order #52' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order #52?' });
    expect(dialog).toHaveTextContent('1 item, $42.47');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(view.calls, 'POST', 'order/cancel')).toHaveLength(0);

    await user.click(within(orderCard(52)).getByRole('button', { name: 'Cancel order #52' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #52?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(orderCard(52)).toHaveTextContent('Cancelled'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.notifications()).toContain(ORDER_CHANGE_MESSAGES.cancelled(52));
    expect(within(orderCard(52)).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's refusal verbatim and keeps the order", async () => {
    const refusal = 'Order 53 has items already handed to the student: return them instead.';
    const view = await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS', 'CANCEL_ORDERS', 'UNHOLD_ORDERS'],
      orders: [order({ orderId: 53 })],
      handlers: {
        [`POST ${BASE}/order/cancel`]: () => json(409, { message: refusal, field: 'orderId' }),
        [`POST ${BASE}/order/hold`]: () =>
          json(403, { message: 'You do not have permission to hold or release orders.' }),
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Order #53' });
    await user.click(within(orderCard(53)).getByRole('button', { name: 'Cancel order #53' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #53?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(orderCard(53)).toHaveTextContent('Open');
    await user.click(within(orderCard(53)).getByRole('button', { name: 'Hold order #53' }));
    await waitFor(() =>
      expect(view.notifications()).toContain(
        'You do not have permission to hold or release orders.',
      ),
    );
  });

  it('shows the newest orders first and the rest on request', async () => {
    const orders = [70, 69, 68, 67, 66, 65, 64].map((orderId) => order({ orderId }));
    const user = userEvent.setup();
    await renderWithOrders(ui, { actions: ['VIEW_TRANSACTIONS'], orders });
    await screen.findByRole('article', { name: 'Order #70' });
    const shown = () => screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(shown()).toEqual(['Order #70', 'Order #69', 'Order #68', 'Order #67', 'Order #66']);
    await user.click(screen.getByRole('button', { name: M.showAll(7) }));
    expect(shown()).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: M.showFewer }));
    expect(shown()).toHaveLength(5);
  });

  it('says when there are no orders or rentals', async () => {
    await renderWithOrders(ui, { actions: ['VIEW_TRANSACTIONS'] });
    expect(await screen.findByText(M.noOrders)).toBeInTheDocument();
    expect(screen.getByText('No rentals.')).toBeInTheDocument();
  });

  it('shows an error the history cannot be loaded with', async () => {
    await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS'],
      handlers: {
        [`GET ${BASE}/student/transactionHistory`]: () =>
          json(404, { message: 'Customer not found' }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the transaction history: Customer not found',
    );
  });

  it('shows what funding paid for an order, and what a cancellation refunded to it', async () => {
    const view = await renderWithOrders(ui, {
      actions: ['VIEW_TRANSACTIONS', 'CANCEL_ORDERS'],
      orders: [
        order({
          orderId: 54,
          fundedCents: 3960,
          funding: [
            {
              sourceName: 'Fall Book Advance',
              voucherCode: 'K7M2Q9XR4T',
              chargedCents: 3000,
              refundedCents: 0,
            },
            {
              sourceName: 'Welcome Promotion',
              voucherCode: 'WELCOME10',
              chargedCents: 960,
              refundedCents: 0,
            },
          ],
        }),
        order({ orderId: 55 }),
      ],
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Order #54' });
    const funding = within(orderCard(54)).getByRole('list', { name: 'Funding' });
    expect(
      within(funding)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Paid from funding: $30.00 (Fall Book Advance, K7M2Q9XR4T)',
      'Paid from funding: $9.60 (Welcome Promotion, WELCOME10)',
    ]);
    expect(orderCard(54)).not.toHaveTextContent('Refunded to funding');
    // An order funding did not pay for says nothing of funding.
    expect(within(orderCard(55)).queryByRole('list', { name: 'Funding' })).toBeNull();
    expect(orderCard(55)).not.toHaveTextContent(/funding/i);

    await user.click(within(orderCard(54)).getByRole('button', { name: 'Cancel order #54' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #54?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(orderCard(54)).toHaveTextContent('Cancelled'));
    const refunded = within(orderCard(54)).getByRole('list', { name: 'Funding' });
    expect(refunded).toHaveTextContent(
      'Paid from funding: $30.00 (Fall Book Advance, K7M2Q9XR4T)Refunded to funding: $30.00 (Fall Book Advance, K7M2Q9XR4T)',
    );
    expect(refunded).toHaveTextContent('Refunded to funding: $9.60 (Welcome Promotion, WELCOME10)');
    expect(callsTo(view.calls, 'POST', 'order/cancel')).toHaveLength(1);
  });
});
