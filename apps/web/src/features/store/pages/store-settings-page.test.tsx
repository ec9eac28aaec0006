import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORE_REFUSAL } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import {
  CHANGE,
  FakeStoreServer,
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

describe('Settings > Store settings', () => {
  it('shows every section filled from the settings, with a label on every field', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Store settings' })).toBeInTheDocument();
    const store = region('Store');
    expect(textbox('Store name', store)).toHaveValue('Springfield Campus Store');
    expect(textbox('Tax rate', store)).toHaveValue('6.25');
    expect(
      within(store).getByRole('switch', { name: 'Submitters may choose print only' }),
    ).not.toBeChecked();
    expect(textbox('Course materials team e-mail', store)).toHaveValue('textbooks@springfield.edu');
    expect(textbox('E-mail domains', store)).toHaveValue('springfield.edu');

    const address = region('Return address');
    expect(textbox('ZIP code', address)).toHaveValue('62703');
    expect(textbox('Street 2', address)).toHaveValue('Receiving Dock B');
    expect(within(address).queryByText(/No return address yet/)).not.toBeInTheDocument();

    const shipping = region('Shipping methods');
    expect(within(shipping).getAllByRole('group')).toHaveLength(2);
    expect(
      within(shipping)
        .getAllByRole('textbox', { name: 'Price' })
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['0.00', '7.95']);

    const websites = region('Websites');
    const law = within(websites).getByRole('article', { name: 'law.springfield.localhost' });
    expect(
      within(law).getByText('SAML single sign-on with https://idp.springfield.edu/idp'),
    ).toBeInTheDocument();
    expect(textbox('Site title', law)).toHaveValue('Springfield Law Books');

    expect(within(region('Recent changes')).getByText('No changes yet')).toBeInTheDocument();
    // Every input of the page has a name a screen reader reads out.
    for (const input of document.querySelectorAll('main input')) {
      expect(input).toHaveAccessibleName();
    }
  });

  it('says when the store has no return address yet', async () => {
    const server = new FakeStoreServer();
    server.settings.returnAddress = null;
    await openPage(server);
    expect(
      within(region('Return address')).getByText(
        'No return address yet: return labels cannot be printed until one is saved.',
      ),
    ).toBeInTheDocument();
    expect(textbox('ZIP code')).toHaveValue('');
  });

  it('lists the recent changes: who, when and which fields, in words', async () => {
    const server = new FakeStoreServer();
    server.history = [CHANGE];
    await openPage(server);
    const history = region('Recent changes');
    expect(within(history).getByText('Website changed')).toBeInTheDocument();
    expect(within(history).getByText(/by Pat Lee \(pat@example\.edu\)/)).toBeInTheDocument();
    expect(
      within(history).getByText(
        'Changed: springfield.localhost: site title from Springfield Books to Springfield Campus Store; springfield.localhost: primary colour from #1a3d6d to #2e5e1f',
      ),
    ).toBeInTheDocument();
    expect(within(history).queryByText('No changes yet')).not.toBeInTheDocument();
  });

  it('says it is loading, in words, until the settings come', async () => {
    const server = new FakeStoreServer();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderStoreSettings(server, {
      handlers: {
        [`GET ${SETTINGS_PATH}`]: async () => {
          await held;
          return json(200, server.answer());
        },
      },
    });
    expect(await screen.findByText('Loading the store settings…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('textbox', { name: 'Store name' })).toHaveValue(
      'Springfield Campus Store',
    );
    expect(screen.queryByText('Loading the store settings…')).not.toBeInTheDocument();
  });

  it('offers Try again when the settings could not load', async () => {
    const server = new FakeStoreServer();
    let failures = 2;
    const { calls } = renderStoreSettings(server, {
      handlers: {
        // A 503 is asked once more by itself (retryUnlessRefused): two failures reach the screen.
        [`GET ${SETTINGS_PATH}`]: () =>
          failures-- > 0
            ? json(503, { message: 'The database is not reachable. Try again shortly.' })
            : json(200, server.answer()),
      },
    });
    const alert = await screen.findByText(/Could not load the store settings/);
    expect(alert).toHaveTextContent('The database is not reachable. Try again shortly.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Store name' })).toHaveValue(
      'Springfield Campus Store',
    );
    expect(callsTo(calls, 'GET', SETTINGS_PATH)).toHaveLength(3);
  });

  it('shows the server’s refusal, with whom to ask and nothing to retry', async () => {
    const server = new FakeStoreServer();
    server.refuse = true;
    renderStoreSettings(server);
    expect(await screen.findByText('You cannot change the store settings')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(STORE_REFUSAL))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Store name' })).not.toBeInTheDocument();
  });

  it('is refused by the guard without MANAGE_STORE: the dashboard and a notice, no call', async () => {
    const server = new FakeStoreServer();
    const { router, calls } = renderStoreSettings(server, { actions: ['ASSIGN_PERMISSIONS'] });
    const notice = await screen.findByText('You do not have permission to view that page.');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(callsTo(calls, 'GET', SETTINGS_PATH)).toHaveLength(0);
  });
});

describe('the Settings group of the drawer', () => {
  async function drawerLinks(actions: Parameters<typeof renderStoreSettings>[1]) {
    screenWidth(1280);
    renderStoreSettings(new FakeStoreServer(), { ...actions, path: '/help' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Help' });
    return nav;
  }

  it('has Store settings after Permissions, under one Settings heading, with MANAGE_STORE', async () => {
    const nav = await drawerLinks({ actions: ['MANAGE_STORE', 'ASSIGN_PERMISSIONS'] });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(links.indexOf('Permissions'), links.indexOf('Permissions') + 2)).toEqual([
      'Permissions',
      'Store settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Store settings' })).toHaveAttribute(
      'href',
      '/settings/store',
    );
    expect(within(nav).getAllByText('Settings')).toHaveLength(1);
  });

  it('has no Store settings without MANAGE_STORE', async () => {
    const nav = await drawerLinks({ actions: ['ASSIGN_PERMISSIONS', 'MANAGE_VOUCHERS'] });
    expect(within(nav).getByRole('link', { name: 'Permissions' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Store settings' })).not.toBeInTheDocument();
  });
});

describe('the page as it opens', () => {
  it('takes its title from the route', async () => {
    await openPage();
    await waitFor(() => expect(document.title).toBe('Store settings - Springfield University'));
  });
});
