import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import { callsTo } from '../../../test/campaigns/deadlines-fake-server.ts';
import {
  CONTACTS_PATH,
  FakeContactsServer,
  LAW,
  contactPath,
  renderContacts,
} from '../../../test/campaigns/contacts-fake-server.ts';

const card = (name: string) => screen.getByRole('article', { name });
const nameField = (label: string) =>
  screen.getByRole('textbox', { name: `Contact name for ${label}` });
const emailField = (label: string) =>
  screen.getByRole('textbox', { name: `Contact e-mail for ${label}` });

async function openPage(server = new FakeContactsServer()) {
  const view = renderContacts(server);
  await screen.findByRole('article', { name: 'BIO · Biology' });
  return { ...view, server, user: userEvent.setup() };
}

describe('Department contacts', () => {
  it('lists each department with its contact and its sections, every control named', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Department contacts' })).toBeVisible();
    expect(screen.getByText('2 departments')).toBeVisible();
    const bio = card('BIO · Biology');
    expect(within(bio).getByRole('heading', { level: 2 })).toHaveTextContent('BIO · Biology');
    expect(within(bio).getByText('12 sections in the coming and current terms')).toBeVisible();
    expect(nameField('BIO Biology')).toHaveValue('Ada Lovelace');
    expect(emailField('BIO Biology')).toHaveValue('ada@demo.edu');
    const hist = card('HIST · History');
    expect(within(hist).getByText(/No contact: this department gets no digest/)).toBeVisible();
    expect(
      within(hist).getByRole('button', { name: 'Clear contact for HIST History' }),
    ).toBeDisabled();
    for (const control of document.querySelectorAll('main input, main button')) {
      expect(control).toHaveAccessibleName();
    }
  });

  it('saves a contact with a PUT of the trimmed values and shows the server’s row', async () => {
    const { user, calls } = await openPage();
    await user.type(nameField('HIST History'), '  Eric Hobsbawm ');
    await user.type(emailField('HIST History'), ' Eric@Demo.edu');
    await user.click(screen.getByRole('button', { name: 'Save contact for HIST History' }));
    const hist = card('HIST · History');
    expect(await within(hist).findByRole('status')).toHaveTextContent('Contact saved.');
    expect(callsTo(calls, 'PUT', contactPath(52)).map((c) => c.body)).toEqual([
      { contactName: 'Eric Hobsbawm', contactEmail: 'eric@demo.edu' },
    ]);
    expect(emailField('HIST History')).toHaveValue('eric@demo.edu');
    expect(within(hist).queryByText(/No contact/)).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', CONTACTS_PATH)).toHaveLength(1);
  });

  it('clears a contact with a PUT of nulls', async () => {
    const { user, calls } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Clear contact for BIO Biology' }));
    const bio = card('BIO · Biology');
    expect(await within(bio).findByRole('status')).toHaveTextContent('Contact cleared.');
    expect(callsTo(calls, 'PUT', contactPath(51)).map((c) => c.body)).toEqual([
      { contactName: null, contactEmail: null },
    ]);
    expect(nameField('BIO Biology')).toHaveValue('');
    expect(emailField('BIO Biology')).toHaveValue('');
  });

  it('checks the address before sending, and shows the server’s refusal under the field', async () => {
    const { user, calls } = await openPage();
    const email = emailField('HIST History');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save contact for HIST History' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'Must be an e-mail address, like chair@university.edu',
      ),
    );
    expect(callsTo(calls, 'PUT', contactPath(52))).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'someone@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Save contact for HIST History' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'A department contact can only be someone this store knows: someone@gmail.com is not an account of this store or an address at one of its domains.',
      ),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('someone@gmail.com');
    expect(within(card('HIST · History')).queryByRole('status')).not.toBeInTheDocument();
  });

  it('filters to the departments without a contact, and by search', async () => {
    const { user, calls } = await openPage();
    await user.click(screen.getByRole('checkbox', { name: 'Without a contact' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'BIO · Biology' })).toBeNull(),
    );
    expect(card('HIST · History')).toBeVisible();
    expect(
      callsTo(calls, 'GET', CONTACTS_PATH).at(-1)?.url.searchParams.get('withoutContact'),
    ).toBe('true');
    await user.type(screen.getByRole('searchbox', { name: 'Search departments' }), 'bio');
    expect(await screen.findByText('No departments match these filters.')).toBeVisible();
    expect(callsTo(calls, 'GET', CONTACTS_PATH).at(-1)?.url.searchParams.get('search')).toBe('bio');
  });

  it('heads each division when the caller manages several', async () => {
    const server = new FakeContactsServer();
    server.departments.push(structuredClone(LAW));
    await openPage(server);
    const law = screen.getByRole('region', { name: 'School of Law' });
    expect(within(law).getByRole('heading', { level: 3, name: 'LAW · Law' })).toBeVisible();
    expect(nameField('LAW Law, School of Law')).toHaveValue('');
    expect(nameField('BIO Biology, Main Campus')).toHaveValue('Ada Lovelace');
  });

  it('says so when the caller’s divisions have no departments', async () => {
    const server = new FakeContactsServer();
    server.departments = [];
    renderContacts(server);
    expect(await screen.findByText('No departments in the divisions you manage.')).toBeVisible();
  });

  it('offers Try again when the list could not load', async () => {
    const server = new FakeContactsServer();
    let failures = 2;
    const { calls } = renderContacts(server, {
      handlers: {
        [`GET ${CONTACTS_PATH}`]: (request) =>
          failures-- > 0
            ? json(503, { message: 'The database is not reachable. Try again shortly.' })
            : json(200, server.answer(request.url)),
      },
    });
    const alert = await screen.findByText(/Could not load the department contacts/);
    expect(alert).toHaveTextContent('The database is not reachable. Try again shortly.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'BIO · Biology' })).toBeVisible();
    expect(callsTo(calls, 'GET', CONTACTS_PATH)).toHaveLength(3);
  });

  it('is refused by the guard without MANAGE_ADOPTION_CAMPAIGNS, with no call', async () => {
    const { router, calls } = renderContacts(new FakeContactsServer(), {
      actions: ['ADOPT_CMA_TEAM'],
    });
    expect(await screen.findByText('You do not have permission to view that page.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(callsTo(calls, 'GET', CONTACTS_PATH)).toHaveLength(0);
  });

  it('sits in the drawer right after Adoption deadlines, and opens the page', async () => {
    screenWidth(1280);
    renderContacts(new FakeContactsServer(), {
      actions: ['ADOPT_CMA_TEAM', 'MANAGE_ADOPTION_CAMPAIGNS'],
      path: '/help',
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Department contacts' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links[links.indexOf('Adoption deadlines') + 1]).toBe('Department contacts');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('article', { name: 'BIO · Biology' })).toBeVisible();
    await waitFor(() =>
      expect(document.title).toBe('Department contacts - Springfield University'),
    );
  });
});
