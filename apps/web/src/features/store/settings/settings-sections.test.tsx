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

async function openPage(server = new FakeStoreServer()) {
  const view = renderStoreSettings(server);
  await screen.findByRole('textbox', { name: 'Store name' });
  return { ...view, server, user: userEvent.setup() };
}

type Body = { settings: typeof SETTINGS; version: string };
const savedBodies = (calls: StubRequest[]) =>
  callsTo(calls, 'PUT', SETTINGS_PATH).map((call) => call.body as Body);

describe('the Store section', () => {
  it('saves the whole settings object with the version read, and says so', async () => {
    const { user, calls } = await openPage();
    const store = region('Store');
    await user.clear(textbox('Tax rate', store));
    await user.type(textbox('Tax rate', store), '7.5');
    await user.click(
      within(store).getByRole('switch', { name: 'Submitters may choose print only' }),
    );
    await user.clear(textbox('E-mail domains', store));
    await user.type(textbox('E-mail domains', store), 'springfield.edu, Alumni.Springfield.edu');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));

    expect(await within(store).findByRole('status')).toHaveTextContent('Saved.');
    expect(savedBodies(calls)).toEqual([
      {
        version: 'v1',
        settings: {
          ...SETTINGS,
          taxRatePercent: 7.5,
          allowSubmittersToSelectPrintOnly: true,
          emailDomains: ['springfield.edu', 'alumni.springfield.edu'],
        },
      },
    ]);
    // The fields show the settings as saved, and the next save names the new version.
    expect(textbox('Tax rate', store)).toHaveValue('7.50');
    expect(
      within(region('Recent changes')).getByText(/Changed: tax rate; print only/),
    ).toBeInTheDocument();
    await user.clear(textbox('Store name', store));
    await user.type(textbox('Store name', store), 'Springfield Books');
    expect(within(store).queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    await waitFor(() => expect(savedBodies(calls)).toHaveLength(2));
    expect(savedBodies(calls)[1]?.version).toBe('v2');
  });

  it('names the e-mail sender, the store name standing in while it is blank', async () => {
    const { user, calls } = await openPage();
    const store = region('Store');
    const sender = textbox('E-mail sender name', store);
    expect(sender).toHaveValue('');
    expect(sender).toHaveAttribute('placeholder', 'Springfield Campus Store');
    await user.type(sender, 'Bookstore <news@elsewhere.example>');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(sender).toHaveAccessibleDescription(
      'must be a plain name: no line breaks, <, >, " or @',
    );
    expect(savedBodies(calls)).toHaveLength(0);

    await user.clear(sender);
    await user.type(sender, 'Springfield Textbooks');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(await within(store).findByRole('status')).toHaveTextContent('Saved.');
    expect(savedBodies(calls).map((b) => b.settings.mailSenderName)).toEqual([
      'Springfield Textbooks',
    ]);
  });

  it('checks the fields by the contract’s rules before sending anything', async () => {
    const { user, calls } = await openPage();
    const store = region('Store');
    await user.clear(textbox('Tax rate', store));
    await user.type(textbox('Tax rate', store), '7.125');
    await user.clear(textbox('E-mail domains', store));
    await user.type(textbox('E-mail domains', store), 'springfield.edu, not_a_domain');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));

    expect(await within(store).findByText('must have at most two decimals')).toBeInTheDocument();
    expect(textbox('Tax rate', store)).toHaveAccessibleDescription(
      'must have at most two decimals',
    );
    expect(textbox('Tax rate', store)).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('E-mail domains', store)).toHaveAccessibleDescription(
      'not_a_domain must be a domain like example.edu',
    );
    expect(textbox('Tax rate', store)).toHaveFocus();
    expect(savedBodies(calls)).toHaveLength(0);
  });

  it('saves the price change to flag, and names a threshold outside 1 to 100', async () => {
    const { user, calls } = await openPage();
    const store = region('Store');
    const threshold = textbox('Price change to flag', store);
    expect(threshold).toHaveValue('10');
    await user.clear(threshold);
    await user.type(threshold, '150');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(await within(store).findByText('must be at most 100')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(savedBodies(calls)).toHaveLength(0);
    await user.clear(threshold);
    await user.type(threshold, '15');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(await within(store).findByRole('status')).toHaveTextContent('Saved.');
    expect(savedBodies(calls)).toEqual([
      { version: 'v1', settings: { ...SETTINGS, priceChangePercent: 15 } },
    ]);
  });

  it('saves the cost thresholds typed in dollars as cents, and the library-licence rule', async () => {
    const { user, calls } = await openPage();
    const store = region('Store');
    const ltc = textbox('Low-cost threshold', store);
    const gap = textbox('Cost gap to flag', store);
    expect(ltc).toHaveValue('40.00');
    expect(gap).toHaveValue('50.00');
    await user.clear(ltc);
    await user.type(ltc, 'forty');
    await user.clear(gap);
    await user.type(gap, '2000');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(
      await within(store).findByText('Enter an amount in dollars, e.g. 40.00.'),
    ).toBeInTheDocument();
    expect(gap).toHaveAccessibleDescription('Enter at most $1,000.00.');
    expect(savedBodies(calls)).toHaveLength(0);
    await user.clear(ltc);
    await user.type(ltc, '$45.50');
    await user.clear(gap);
    await user.type(gap, '25');
    await user.click(
      within(store).getByRole('switch', { name: 'Library-licensed e-books cost students nothing' }),
    );
    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(await within(store).findByRole('status')).toHaveTextContent('Saved.');
    expect(savedBodies(calls)).toEqual([
      {
        version: 'v1',
        settings: {
          ...SETTINGS,
          ltcThresholdCents: 4550,
          costGapThresholdCents: 2500,
          libraryLicensedIsZero: false,
        },
      },
    ]);
    expect(ltc).toHaveValue('45.50');
  });
});

describe('a save made on settings someone else changed since', () => {
  it('shows the server’s message with Reload, keeps the typing, then saves on the new version', async () => {
    const { user, calls, server } = await openPage();
    server.someoneElseSaves({ name: 'Springfield Books & More' });
    const store = region('Store');
    await user.clear(textbox('Tax rate', store));
    await user.type(textbox('Tax rate', store), '7.5');
    await user.click(within(store).getByRole('button', { name: 'Save store' }));

    const alert = await within(store).findByRole('alert');
    expect(alert).toHaveTextContent(STORE_MESSAGES.staleVersion);
    // Nothing typed is lost while the message is up.
    expect(textbox('Tax rate', store)).toHaveValue('7.5');
    expect(textbox('Store name', store)).toHaveValue('Springfield Campus Store');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(textbox('Store name', store)).toHaveValue('Springfield Books & More'),
    );
    expect(textbox('Tax rate', store)).toHaveValue('7.5');
    expect(within(store).getByRole('status')).toHaveTextContent(/Reloaded/);
    expect(callsTo(calls, 'GET', SETTINGS_PATH)).toHaveLength(2);

    await user.click(within(store).getByRole('button', { name: 'Save store' }));
    expect(await within(store).findByText('Saved.')).toBeInTheDocument();
    const bodies = savedBodies(calls);
    expect(bodies.map((b) => b.version)).toEqual(['v1', 'v2']);
    expect(bodies[1]?.settings).toMatchObject({
      name: 'Springfield Books & More',
      taxRatePercent: 7.5,
    });
  });
});

describe('the Return address section', () => {
  it('puts a refusal the server names a field of on that field, and focuses it', async () => {
    const { user, server } = await openPage();
    const field = 'settings.returnAddress.postalCode';
    const message = 'must be a ZIP code like 12345 or 12345-6789';
    server.nextSettingsAnswer = () => json(400, { message: `${field}: ${message}`, field });
    const address = region('Return address');
    await user.type(textbox('Street 2', address), ' (rear)');
    await user.click(within(address).getByRole('button', { name: 'Save return address' }));

    const zip = textbox('ZIP code', address);
    await waitFor(() => expect(zip).toHaveAccessibleDescription(message));
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveFocus();
    expect(within(address).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves a first address for a store without one, and the warning goes', async () => {
    const server = new FakeStoreServer();
    server.settings.returnAddress = null;
    const { user, calls } = await openPage(server);
    const address = region('Return address');
    // An address is all or nothing: once begun, every required field is asked for.
    await user.type(textbox('Name', address), 'Returns');
    await user.click(within(address).getByRole('button', { name: 'Save return address' }));
    await waitFor(() =>
      expect(textbox('Street 1', address)).toHaveAccessibleDescription('is required'),
    );
    expect(textbox('State', address)).toHaveAccessibleDescription(
      'must be a two-letter state code',
    );
    expect(savedBodies(calls)).toHaveLength(0);
    for (const [label, value] of [
      ['Street 1', '1 College Ave'],
      ['City', 'Springfield'],
      ['State', 'il'],
      ['ZIP code', '62701'],
      ['Phone', '555-010-0199'],
    ] as const) {
      await user.type(textbox(label, address), value);
    }
    await user.click(within(address).getByRole('button', { name: 'Save return address' }));
    expect(await within(address).findByText('Saved.')).toBeInTheDocument();
    expect(savedBodies(calls).at(-1)?.settings.returnAddress).toEqual({
      name: 'Returns',
      streetOne: '1 College Ave',
      streetTwo: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      phone: '555-010-0199',
    });
    expect(within(address).queryByText(/No return address yet/)).not.toBeInTheDocument();
  });
});
