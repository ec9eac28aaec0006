import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import {
  ADMINISTRATOR,
  BASE,
  BOB,
  SUBMITTER,
  callsTo,
  renderPermissions,
} from '../../../test/permissions/permissions-fake-server.ts';

async function openBob(options: Parameters<typeof renderPermissions>[1] = {}) {
  const view = renderPermissions(`/settings/permissions?q=${BOB}`, options);
  await screen.findByText('Bob Builder');
  // Wait for the roles of the picker to arrive.
  await screen.findByRole('option', { name: 'Submitter' });
  return { ...view, user: userEvent.setup() };
}

const adminPosts = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname.startsWith(BASE));
const save = () => screen.getByRole('button', { name: 'Save Permission' });

describe('Settings > Permissions: the add-role form', () => {
  it("refuses to save without a role: 'Must select a role to assign it!'", async () => {
    const { user, calls } = await openBob();
    await user.click(save());
    expect(await screen.findByText(PERMISSION_MESSAGES.roleRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveAttribute('aria-invalid', 'true');
    expect(adminPosts(calls)).toHaveLength(0);
  });

  it('asks before assigning a role with no catalog; cancelling assigns nothing', async () => {
    const { user, calls } = await openBob();
    await user.selectOptions(screen.getByLabelText('Role'), 'Submitter');
    await user.click(save());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(PERMISSION_MESSAGES.roleOnlyCaution);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(adminPosts(calls)).toHaveLength(0);
    expect(screen.getByLabelText('Role')).toHaveValue(String(SUBMITTER.id));
  });

  it('assigns the role alone when the caution is confirmed, then clears the form', async () => {
    const { user, calls } = await openBob();
    await user.selectOptions(screen.getByLabelText('Role'), 'Submitter');
    await user.click(save());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Assign role' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', 'assignUserRoles')).toHaveLength(1));
    const [call] = callsTo(calls, 'POST', 'assignUserRoles');
    expect(call?.url.searchParams.get('username')).toBe(BOB);
    expect(call?.body).toEqual(SUBMITTER);
    expect(callsTo(calls, 'POST', 'assignUserRolesAndCatalog')).toHaveLength(0);
    expect(await screen.findByText(`Submitter assigned to ${BOB}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Role')).toHaveValue(''));
  });

  it('loads departments only for a real division and courses only for a real department', async () => {
    const { user, calls } = await openBob();
    expect(screen.getByLabelText('Division')).toHaveValue('all');
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', 'getAuthDepartments')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await screen.findByRole('option', { name: 'BIO - Biology' });
    expect(callsTo(calls, 'GET', 'getAuthDepartments')[0]?.url.searchParams.get('divisionId')).toBe(
      '1',
    );
    expect(screen.getByLabelText('Department')).toHaveValue('All');
    expect(screen.queryByLabelText('Course')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', 'getAuthCourses')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Department'), 'BIO - Biology');
    await screen.findByRole('option', { name: '101 - Intro Biology' });
    const courses = callsTo(calls, 'GET', 'getAuthCourses')[0]?.url.searchParams;
    expect([courses?.get('divisionId'), courses?.get('departmentCode')]).toEqual(['1', 'BIO']);
  });

  it('names a department imported under its code once: "AAS", not "AAS - AAS"', async () => {
    const { user } = await openBob({
      handlers: {
        [`GET ${BASE}/getAuthDepartments`]: () =>
          json(200, [
            { departmentCode: 'AAS', departmentName: 'AAS' },
            { departmentCode: 'BIO', departmentName: 'Biology' },
          ]),
      },
    });
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    const departments = await screen.findByLabelText('Department');
    expect(await within(departments).findByRole('option', { name: 'AAS' })).toBeInTheDocument();
    expect(within(departments).getByRole('option', { name: 'BIO - Biology' })).toBeInTheDocument();
    expect(within(departments).queryByRole('option', { name: 'AAS - AAS' })).toBeNull();
  });

  it('resets deeper levels from the breadcrumb', async () => {
    const { user } = await openBob();
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await user.selectOptions(await screen.findByLabelText('Department'), 'BIO - Biology');
    await user.selectOptions(await screen.findByLabelText('Course'), '101 - Intro Biology');
    const crumbs = screen.getByRole('navigation', { name: 'Selected catalog' });
    expect(crumbs).toHaveTextContent('All divisions/Main Campus/BIO/101');
    await user.click(within(crumbs).getByRole('button', { name: 'Main Campus' }));
    expect(screen.getByLabelText('Department')).toHaveValue('All');
    expect(screen.queryByLabelText('Course')).not.toBeInTheDocument();
    await user.click(within(crumbs).getByRole('button', { name: 'All divisions' }));
    expect(screen.getByLabelText('Division')).toHaveValue('all');
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
  });

  it('assigns a role with the chosen catalog', async () => {
    const { user, calls } = await openBob();
    await user.selectOptions(screen.getByLabelText('Role'), 'Submitter');
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await user.selectOptions(await screen.findByLabelText('Department'), 'BIO - Biology');
    await user.selectOptions(await screen.findByLabelText('Course'), '101 - Intro Biology');
    await user.click(save());
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'assignUserRolesAndCatalog')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', 'assignUserRolesAndCatalog')[0]?.body).toEqual({
      Role: SUBMITTER,
      AuthCatalogList: [{ divisionId: 1, departmentCode: 'BIO', courseCode: '101' }],
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the catalog picker for PERMISSION_ADMINISTRATOR', async () => {
    const { user } = await openBob();
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await user.selectOptions(screen.getByLabelText('Role'), ADMINISTRATOR.friendly);
    expect(screen.queryByLabelText('Division')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected catalog' })).not.toBeInTheDocument();
  });

  it('shows a refused assignment as an error with the server message', async () => {
    const { user } = await openBob({
      handlers: {
        'POST /app-rest/admin_portal/v1/7/assignUserRolesAndCatalog': () =>
          json(409, { message: `${BOB} already has the Submitter role for Main Campus.` }),
      },
    });
    await user.selectOptions(screen.getByLabelText('Role'), 'Submitter');
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${BOB} already has the Submitter role for Main Campus.`,
    );
    expect(screen.getByLabelText('Role')).toHaveValue(String(SUBMITTER.id));
  });

  it('clears the form', async () => {
    const { user } = await openBob();
    await user.selectOptions(screen.getByLabelText('Role'), 'Submitter');
    await user.selectOptions(screen.getByLabelText('Division'), 'Main Campus');
    await user.click(screen.getByRole('button', { name: 'Clear Form' }));
    expect(screen.getByLabelText('Role')).toHaveValue('');
    expect(screen.getByLabelText('Division')).toHaveValue('all');
  });

  it('offers no add-role form on one’s own account, and says why', async () => {
    renderPermissions('/settings/permissions?q=pat@example.edu');
    const section = await screen.findByRole('region', { name: 'Add a role' });
    expect(section).toHaveTextContent(PERMISSION_MESSAGES.ownRoles);
    expect(screen.queryByRole('button', { name: 'Save Permission' })).not.toBeInTheDocument();
  });
});
