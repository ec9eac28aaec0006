import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import {
  BOB,
  BIO_SCOPE,
  SUBMITTER,
  callsTo,
  renderPermissions,
} from '../../../test/permissions/permissions-fake-server.ts';

// The first visit loads the lazy page and MUI, which takes a while in jsdom.

const heading = () => screen.findByRole('heading', { level: 1, name: 'Permissions' });

describe('Settings > Permissions: access and finding a user', () => {
  it('shows a user without permission rights their own roles, read-only, and what they may do', async () => {
    const { router, calls } = renderPermissions(`/settings/permissions?q=${BOB}`, {
      actions: ['ADOPT_INSTRUCTOR', 'VIEW_SECTION'],
    });
    await heading();
    expect(router.state.location.pathname).toBe('/settings/permissions');
    // Another user's roles are not theirs to see: the page says so and shows their own.
    expect(screen.getByText(/You can see only your own permissions/)).toBeInTheDocument();
    expect(await screen.findByText('pat@example.edu has no roles.')).toBeInTheDocument();
    expect(screen.queryByLabelText('User email address')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a role' })).not.toBeInTheDocument();
    expect(screen.queryByText('Create New User Account')).not.toBeInTheDocument();
    const looked = callsTo(calls, 'GET', 'permissions/user');
    expect(looked.map((c) => c.url.searchParams.get('username'))).toEqual(['pat@example.edu']);
    const yours = screen.getByRole('list', { name: 'Your actions' });
    expect(
      within(yours)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Adopt for the courses one teaches', 'See sections']);
  });

  it('needs an address before looking anyone up', async () => {
    const { calls } = renderPermissions('/settings/permissions');
    await heading();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Find User' }));
    expect(await screen.findByText(PERMISSION_MESSAGES.findEmailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('User email address')).toHaveFocus();
    expect(callsTo(calls, 'GET', 'permissions/user')).toHaveLength(0);
  });

  it('finds a user, puts them in the URL and lists their roles with catalog scopes', async () => {
    const { router } = renderPermissions('/settings/permissions');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User email address'), ` ${BOB} `);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent(BOB)}`));
    expect(await screen.findByText('Bob Builder')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Submitter' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Catalogs of Submitter' })).toHaveTextContent(
      'Main Campus / BIO',
    );
    expect(screen.getByText('Store-wide (no catalog)')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('Role assigned')).toBeInTheDocument();
    expect(within(history).getByText('Added: Submitter (Main Campus / BIO)')).toBeInTheDocument();
  });

  it("offers a 'My Permissions' shortcut", async () => {
    const { router } = renderPermissions(`/settings/permissions?q=${BOB}`);
    await screen.findByText('Bob Builder');
    await userEvent.setup().click(screen.getByRole('button', { name: 'My Permissions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pat%40example.edu'));
    expect(await screen.findByText('pat@example.edu has no roles.')).toBeInTheDocument();
    expect(screen.getByLabelText('User email address')).toHaveValue('pat@example.edu');
  });

  it('shows the server message when the user cannot be found or the permissions fail to load', async () => {
    renderPermissions('/settings/permissions?q=nobody@example.edu');
    expect(await screen.findByText('No user found with that e-mail address.')).toBeInTheDocument();
  });

  it('shows the server message of a failed roles load', async () => {
    renderPermissions(`/settings/permissions?q=${BOB}`, {
      handlers: {
        'GET /app-rest/admin_portal/v1/7/getUserRolesAndCatalog': () =>
          json(403, { message: "You do not have permission to see other users' permissions." }),
      },
    });
    expect(
      await screen.findByText("You do not have permission to see other users' permissions."),
    ).toBeInTheDocument();
  });

  it('does not look up or assign for an address without both @ and .', async () => {
    const { calls } = renderPermissions('/settings/permissions?q=bob@example');
    expect(await screen.findByText(/is not a full e-mail address/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Permission' })).toBeDisabled();
    expect(callsTo(calls, 'GET', 'permissions/user')).toHaveLength(0);
  });

  it('removes one catalog of a role after confirmation, and nothing when cancelled', async () => {
    const { calls } = renderPermissions(`/settings/permissions?q=${BOB}`);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove Submitter for Main Campus / BIO' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Remove Submitter for Main Campus / BIO from ${BOB}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'unAssignUserRolesAndCatalog')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Remove Submitter for Main Campus / BIO' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'unAssignUserRolesAndCatalog')).toHaveLength(1),
    );
    const [call] = callsTo(calls, 'POST', 'unAssignUserRolesAndCatalog');
    expect(call?.url.searchParams.get('username')).toBe(BOB);
    expect(call?.body).toEqual({ Role: SUBMITTER, AuthCatalog: BIO_SCOPE });
    expect(
      await screen.findByText(`Submitter for Main Campus / BIO removed from ${BOB}.`),
    ).toBeInTheDocument();
  });

  it('removes a whole role after confirmation', async () => {
    const { calls } = renderPermissions(`/settings/permissions?q=${BOB}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove role: Submitter' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      `Remove the Submitter role from ${BOB}, with all its catalogs?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(calls, 'POST', 'unAssignUserRoles')).toHaveLength(1));
    expect(callsTo(calls, 'POST', 'unAssignUserRoles')[0]?.body).toEqual(SUBMITTER);
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { level: 3, name: 'Submitter' }),
      ).not.toBeInTheDocument(),
    );
    // The confirmed button is gone; keyboard focus lands on the roles, not the page body.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('list', { name: `Roles of ${BOB}` })),
    );
  });

  it('shows a CREATE_USER-only user no way to assign or remove', async () => {
    renderPermissions(`/settings/permissions?q=${BOB}`, { actions: ['CREATE_USER'] });
    await screen.findByText('Bob Builder');
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Permission' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New User Account' })).toBeInTheDocument();
  });

  it('shows an ASSIGN_PERMISSIONS-only user no account creation', async () => {
    renderPermissions(`/settings/permissions?q=${BOB}`, { actions: ['ASSIGN_PERMISSIONS'] });
    await screen.findByText('Bob Builder');
    expect(
      screen.queryByRole('button', { name: 'Create New User Account' }),
    ).not.toBeInTheDocument();
  });
});
