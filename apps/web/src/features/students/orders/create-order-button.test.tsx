import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { CreateOrderButton } from './create-order-button.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import {
  ART_PACK,
  BASE,
  CUSTOMER_ID,
  LOGIC,
  callsTo,
  renderWithOrders,
} from '../../../test/students/order-test-server.tsx';

const ui = <CreateOrderButton customerId={CUSTOMER_ID} studentName="Hannah Lindqvist" />;
/** The counter team: places orders and sees the students' funding (CMA_MEMBER). */
const CREATOR = { actions: ['AUTOGEN_CREATE_ORDER' as const, 'VIEW_STUDENT_FUNDING' as const] };

async function openDialog(world = {}) {
  const view = await renderWithOrders(ui, { ...CREATOR, ...world });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: M.button }));
  const dialog = await screen.findByRole('dialog', { name: M.title('Hannah Lindqvist') });
  return { ...view, user, dialog };
}

const item = (dialog: HTMLElement, title: string) =>
  within(dialog).getByRole('group', { name: title });

describe('CreateOrderButton', () => {
  it('is not there without AUTOGEN_CREATE_ORDER', async () => {
    const view = await renderWithOrders(ui, { actions: ['VIEW_TRANSACTIONS'] });
    expect(view.container).toBeEmptyDOMElement();
  });

  it('picks items, shipping, shows the preview and places the order once', async () => {
    const { user, dialog, calls, notifications } = await openDialog();
    const logic = await within(dialog).findByRole('group', { name: LOGIC.title });
    // The cheapest way is chosen to begin with; nothing is checked.
    expect(within(logic).getByRole('combobox', { name: 'Fulfilment' })).toHaveValue('RENT_USED');
    expect(within(logic).getByRole('checkbox', { name: LOGIC.title })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one item.');

    await user.click(within(logic).getByRole('checkbox', { name: LOGIC.title }));
    // Choosing how to have an item checks it too.
    await user.selectOptions(
      within(item(dialog, ART_PACK.title)).getByRole('combobox', { name: 'Fulfilment' }),
      'BUY_NEW',
    );
    expect(within(item(dialog, ART_PACK.title)).getByRole('checkbox')).toBeChecked();
    expect(dialog).toHaveTextContent('2 items chosen: $179.99 before tax and shipping.');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const shipping = await within(dialog).findByRole('radiogroup', { name: 'Shipping method' });
    expect(within(shipping).getByRole('radio', { name: 'Pick up in store — $0.00' })).toBeChecked();
    expect(dialog).toHaveTextContent(M.pickUp);
    await user.click(within(shipping).getByRole('radio', { name: 'Standard shipping — $7.99' }));
    expect(await within(dialog).findByText('2837 Madison Ave, Austin, TX 78799')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const lines = await within(dialog).findByRole('list', { name: 'Order lines' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(lines).toHaveTextContent('Readings in LogicRent used · ISBN 9781689184939$122.00');
    expect(lines).toHaveTextContent('Modern Art Course PackBuy new · ISBN 9781931071543$57.99');
    for (const text of ['Subtotal$179.99', 'Tax (7.25%)$13.05', 'Shipping$7.99', 'Total$201.03']) {
      expect(dialog).toHaveTextContent(text);
    }
    const preview = callsTo(calls, 'POST', 'createOrderPreview').at(-1);
    expect(preview?.body).toEqual({
      customerId: CUSTOMER_ID,
      items: [
        { sectionId: LOGIC.sectionId, titleId: LOGIC.titleId, fulfillmentType: 'RENT_USED' },
        { sectionId: ART_PACK.sectionId, titleId: ART_PACK.titleId, fulfillmentType: 'BUY_NEW' },
      ],
      shippingMethod: 'STANDARD',
    });

    await user.dblClick(within(dialog).getByRole('button', { name: M.placeOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const placed = callsTo(calls, 'POST', 'createOrder');
    expect(placed).toHaveLength(1);
    expect(placed[0]?.body).toMatchObject({
      ...(preview?.body as object),
      clientKey: expect.any(String),
    });
    expect(notifications()).toContain('Order #500 placed for Hannah Lindqvist');
    // What is left to order is read again.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', 'customerOrderableItems').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('keeps the dialog and the choices on a refusal, names the item, and retries with the same key', async () => {
    let refuse = true;
    const { user, dialog, calls } = await openDialog({
      handlers: {
        [`POST ${BASE}/createOrder`]: () =>
          refuse
            ? json(400, { message: 'Buy new is not offered for this title.', field: 'items.0' })
            : json(503, { message: 'The database is restarting.' }),
      },
    });
    await user.click(await within(dialog).findByRole('checkbox', { name: ART_PACK.title }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('radiogroup', { name: 'Shipping method' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('list', { name: 'Order lines' });
    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Modern Art Course Pack: Buy new is not offered for this title.',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: M.placeOrder }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is restarting.',
    );
    const [first, second] = callsTo(calls, 'POST', 'createOrder').map(
      (c) => (c.body as { clientKey: string }).clientKey,
    );
    expect(second).toBe(first);
    // Back to the items: the choice is still there.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('checkbox', { name: ART_PACK.title })).toBeChecked();
  });

  it('uses a new key for each opening of the dialog', async () => {
    const { user, dialog, calls } = await openDialog({
      handlers: {
        [`POST ${BASE}/createOrder`]: () => json(409, { message: 'Try again later.' }),
      },
    });
    const placeOnce = async (d: HTMLElement) => {
      await user.click(await within(d).findByRole('checkbox', { name: LOGIC.title }));
      await user.click(within(d).getByRole('button', { name: 'Next' }));
      await within(d).findByRole('radiogroup', { name: 'Shipping method' });
      await user.click(within(d).getByRole('button', { name: 'Next' }));
      await within(d).findByRole('list', { name: 'Order lines' });
      await user.click(within(d).getByRole('button', { name: M.placeOrder }));
      await within(d).findByRole('alert');
    };
    await placeOnce(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: M.button }));
    await placeOnce(await screen.findByRole('dialog'));
    const keys = callsTo(calls, 'POST', 'createOrder').map(
      (c) => (c.body as { clientKey: string }).clientKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses two divisions before asking the server', async () => {
    const evening = {
      ...LOGIC,
      sectionId: 900,
      titleId: 901,
      title: 'Night Readings',
      divisionId: 2,
      divisionName: 'Evening',
    };
    const { user, dialog, calls } = await openDialog({ orderable: [LOGIC, evening] });
    await user.click(await within(dialog).findByRole('checkbox', { name: LOGIC.title }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Night Readings' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'An order holds the materials of one division: place one order per division.',
    );
    expect(callsTo(calls, 'POST', 'createOrderPreview')).toHaveLength(0);
  });

  it('offers a title needed by two sections once', async () => {
    const again = { ...LOGIC, sectionId: 612, sectionCode: 'B2' };
    const { user, dialog } = await openDialog({ orderable: [LOGIC, again] });
    const [first, second] = await within(dialog).findAllByRole('group', { name: LOGIC.title });
    await user.click(within(first as HTMLElement).getByRole('checkbox'));
    const blocked = within(second as HTMLElement).getByRole('checkbox');
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription(/Already in this order for 317 section A1/);
  });

  it('says when there is nothing left to order', async () => {
    const { dialog } = await openDialog({ orderable: [] });
    expect(await within(dialog).findByText(M.nothingLeft)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
