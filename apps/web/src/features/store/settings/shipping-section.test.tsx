import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORE_MESSAGES } from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import {
  FakeStoreServer,
  SETTINGS,
  SETTINGS_PATH,
  callsTo,
  renderStoreSettings,
} from '../../../test/store/store-fake-server.ts';

const region = (name: string) => screen.getByRole('region', { name });
const textbox = (name: string, inside: HTMLElement = document.body) =>
  within(inside).getByRole('textbox', { name });
const row = (index: number) => within(region('Shipping methods')).getAllByRole('group')[index]!;

async function openPage(server = new FakeStoreServer()) {
  const view = renderStoreSettings(server);
  await screen.findByRole('textbox', { name: 'Store name' });
  return { ...view, server, user: userEvent.setup() };
}

const savedMethods = (calls: StubRequest[]) =>
  callsTo(calls, 'PUT', SETTINGS_PATH).map(
    (call) => (call.body as { settings: typeof SETTINGS }).settings.shippingMethods,
  );

describe('the Shipping methods section', () => {
  it('adds a method from the keyboard and saves it, its price in cents', async () => {
    const { user, calls } = await openPage();
    const shipping = region('Shipping methods');
    within(shipping).getByRole('button', { name: 'Add a shipping method' }).focus();
    await user.keyboard('{Enter}');
    // The new row's first field takes the focus; the rest are a Tab away.
    await waitFor(() => expect(textbox('Code', row(2))).toHaveFocus());
    await user.keyboard('rush');
    await user.tab();
    await user.keyboard('Rush delivery (1 day)');
    await user.tab();
    await user.keyboard('19.95');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));

    expect(await within(shipping).findByText('Saved.')).toBeInTheDocument();
    expect(savedMethods(calls)).toEqual([
      [
        ...SETTINGS.shippingMethods,
        { code: 'RUSH', name: 'Rush delivery (1 day)', priceCents: 1995, shipsToAddress: true },
      ],
    ]);
    expect(textbox('Code', row(2))).toHaveValue('RUSH');
  });

  it('removes a method; focus moves to the row that took its place', async () => {
    const { user, calls } = await openPage();
    const shipping = region('Shipping methods');
    within(shipping).getByRole('button', { name: 'Remove shipping method PICKUP' }).focus();
    await user.keyboard('{Enter}');
    expect(within(shipping).getAllByRole('group')).toHaveLength(1);
    await waitFor(() => expect(textbox('Code', row(0))).toHaveFocus());
    expect(textbox('Code', row(0))).toHaveValue('STANDARD');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));
    await waitFor(() => expect(savedMethods(calls)).toEqual([[SETTINGS.shippingMethods[1]]]));
  });

  it('shows the server’s refusal to remove a method orders use, and Discard puts it back', async () => {
    const { user, server } = await openPage();
    server.nextSettingsAnswer = () =>
      json(409, {
        message: STORE_MESSAGES.shippingMethodInUse('PICKUP', 3),
        field: 'shippingMethods',
      });
    const shipping = region('Shipping methods');
    await user.click(
      within(shipping).getByRole('button', { name: 'Remove shipping method PICKUP' }),
    );
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));

    const alert = await within(shipping).findByRole('alert');
    expect(alert).toHaveTextContent(
      'PICKUP is on 3 orders: it can be renamed or repriced but not removed.',
    );
    // Not a stale version: there is nothing to reload.
    expect(within(alert).queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    await user.click(within(shipping).getByRole('button', { name: 'Discard changes' }));
    expect(within(shipping).getAllByRole('group')).toHaveLength(2);
    expect(textbox('Code', row(0))).toHaveValue('PICKUP');
    expect(within(shipping).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a code named twice and a price that is no amount, on their fields', async () => {
    const { user, calls } = await openPage();
    const shipping = region('Shipping methods');
    await user.clear(textbox('Code', row(1)));
    await user.type(textbox('Code', row(1)), 'pickup');
    await user.clear(textbox('Price', row(1)));
    await user.type(textbox('Price', row(1)), 'seven');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));

    await waitFor(() =>
      expect(textbox('Price', row(1))).toHaveAccessibleDescription(
        'Enter an amount in dollars, e.g. 7.95.',
      ),
    );
    await user.clear(textbox('Price', row(1)));
    await user.type(textbox('Price', row(1)), '7.95');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));
    await waitFor(() =>
      expect(textbox('Code', row(1))).toHaveAccessibleDescription('must not name a code twice'),
    );
    expect(savedMethods(calls)).toHaveLength(0);
  });

  it('keeps what is typed in another section when this one saves', async () => {
    const { user, calls } = await openPage();
    await user.clear(textbox('City', region('Return address')));
    await user.type(textbox('City', region('Return address')), 'Shelbyville');
    const shipping = region('Shipping methods');
    await user.clear(textbox('Name', row(1)));
    await user.type(textbox('Name', row(1)), 'Standard (3-5 days)');
    await user.click(within(shipping).getByRole('button', { name: 'Save shipping methods' }));
    expect(await within(shipping).findByText('Saved.')).toBeInTheDocument();

    // The unsaved city was not sent, and is still on screen to save with its own button.
    const [body] = callsTo(calls, 'PUT', SETTINGS_PATH);
    expect((body?.body as { settings: typeof SETTINGS }).settings.returnAddress).toEqual(
      SETTINGS.returnAddress,
    );
    expect(textbox('City', region('Return address'))).toHaveValue('Shelbyville');
    await user.click(
      within(region('Return address')).getByRole('button', { name: 'Save return address' }),
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', SETTINGS_PATH)).toHaveLength(2));
    const second = callsTo(calls, 'PUT', SETTINGS_PATH)[1]?.body as {
      settings: typeof SETTINGS;
      version: string;
    };
    expect(second.version).toBe('v2');
    expect(second.settings.returnAddress?.city).toBe('Shelbyville');
    expect(second.settings.shippingMethods[1]?.name).toBe('Standard (3-5 days)');
  });
});
