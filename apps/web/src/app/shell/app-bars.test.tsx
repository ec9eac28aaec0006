import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { sessionResponse } from '../../test/fixtures.ts';
import { screenWidth } from '../../test/screen-width.ts';
import { renderApp } from '../../test/render-app.tsx';

const remember = () =>
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });

const desktopScreen = () => screenWidth(1280);

describe('desktop app bar', () => {
  it('shows the store, the page title and a user menu that opens from the keyboard', async () => {
    desktopScreen();
    remember();
    const { router } = renderApp('/help', {
      session: sessionResponse({ actions: ['ASSIGN_PERMISSIONS'] }),
    });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).getByText('Help')).toBeInTheDocument());
    expect(within(banner).getByText('Springfield University')).toBeInTheDocument();

    const user = userEvent.setup();
    const button = within(banner).getByRole('button', { name: 'Account menu for Pat Lee' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['My Permissions', 'Logout']);
    await waitFor(() => expect(items[0]).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/settings/permissions?q=pat%40example.edu',
      ),
    );
  });

  it('offers My Permissions to a user without permission rights too (their own roles, read-only)', async () => {
    desktopScreen();
    remember();
    renderApp('/dashboard', { session: sessionResponse({ actions: ['ADOPT_COURSE'] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Pat Lee' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Permissions', 'Logout']);
  });
});

describe('phone top bar and drawer', () => {
  it('titles the page in the top bar and shows who is signed in in the drawer', async () => {
    remember();
    renderApp('/adopt', { session: sessionResponse({ actions: ['ADOPT_COURSE'] }) });
    const banner = await screen.findByRole('banner');
    await waitFor(() =>
      expect(within(banner).getByText('Adopt Course Materials')).toBeInTheDocument(),
    );
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    expect(within(drawer).getByText('Pat Lee')).toBeInTheDocument();
    expect(within(drawer).getByText('pat@example.edu')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: 'Springfield University' })).toBeInTheDocument();
  });
});
