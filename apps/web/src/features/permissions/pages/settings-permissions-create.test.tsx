import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import { callsTo, renderPermissions } from '../../../test/permissions/permissions-fake-server.ts';

async function openCreateForm(options: Parameters<typeof renderPermissions>[1] = {}) {
  const view = renderPermissions('/settings/permissions', options);
  const user = userEvent.setup();
  const toggle = await screen.findByRole('button', { name: 'Create New User Account' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { ...view, user };
}

const createButton = () => screen.getByRole('button', { name: 'Create User' });

describe('Settings > Permissions: Create New User Account', () => {
  it('names both empty fields and sends nothing', async () => {
    const { user, calls } = await openCreateForm();
    await user.click(createButton());
    expect(await screen.findByText(PERMISSION_MESSAGES.createEmailRequired)).toBeInTheDocument();
    expect(screen.getByText('Enter an name to create a user.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'createUserAccount')).toHaveLength(0);
  });

  it('needs the name as well as the email, and the email as well as the name', async () => {
    const { user, calls } = await openCreateForm();
    await user.type(screen.getByLabelText('Email address'), 'new@example.edu');
    await user.click(createButton());
    expect(await screen.findByText('Enter an name to create a user.')).toBeInTheDocument();
    expect(screen.queryByText(PERMISSION_MESSAGES.createEmailRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.click(createButton());
    expect(await screen.findByText('Enter an email address to create a user.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'createUserAccount')).toHaveLength(0);
  });

  it('creates the account and shows the generated password once, with a copy button', async () => {
    const { user, calls } = await openCreateForm();
    await user.type(screen.getByLabelText('Email address'), 'new@example.edu');
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.click(createButton());
    expect(await screen.findByTestId('generated-password')).toHaveTextContent(
      'Gen3rated-Passw0rd!xyz',
    );
    const [call] = callsTo(calls, 'POST', 'createUserAccount');
    expect(call?.url.searchParams.get('newUsername')).toBe('new@example.edu');
    expect(call?.url.searchParams.get('name')).toBe('New Person');
    expect(
      screen.getByText('A set-password e-mail was sent to new@example.edu.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    // user-event stands in a clipboard of its own for the test.
    expect(await navigator.clipboard.readText()).toBe('Gen3rated-Passw0rd!xyz');
    expect(await screen.findByText('Password copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('generated-password')).not.toBeInTheDocument();
  });

  it('shows a failed creation as an error toast with the server message', async () => {
    const { user } = await openCreateForm({
      handlers: {
        'POST /app-rest/admin_portal/v1/7/createUserAccount': () =>
          json(409, { message: 'A user with that e-mail address already exists in this store.' }),
      },
    });
    await user.type(screen.getByLabelText('Email address'), 'taken@example.edu');
    await user.type(screen.getByLabelText('Name'), 'Taken');
    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with that e-mail address already exists in this store.',
    );
    expect(screen.queryByTestId('generated-password')).not.toBeInTheDocument();
  });

  it('jumps to the new account to manage its permissions', async () => {
    const { user, router } = await openCreateForm();
    await user.type(screen.getByLabelText('Email address'), 'new@example.edu');
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.click(createButton());
    await user.click(await screen.findByRole('button', { name: 'Manage permissions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=new%40example.edu'));
  });
});
