import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LTI_REFUSALS, LTI_REGISTRATION_MESSAGES, LTI_URL_RULE } from '@csp/contracts';
import {
  FakeStoreServer,
  callsTo,
  renderStoreSettings,
} from '../../../test/store/store-fake-server.ts';
import {
  FakeLtiServer,
  PREVIEW_PATH,
  REGISTRATIONS_PATH,
  registrationPath,
} from '../../../test/lti/registrations-fake-server.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

async function openSection(lti = new FakeLtiServer()) {
  const view = renderStoreSettings(new FakeStoreServer(), { handlers: lti.handlers() });
  const section = await screen.findByRole('region', { name: T.sectionTitle });
  await within(section).findByRole('article', { name: 'Canvas' });
  return { ...view, lti, section, user: userEvent.setup() };
}

async function openNewForm(user: ReturnType<typeof userEvent.setup>, section: HTMLElement) {
  await user.click(within(section).getByRole('button', { name: T.add }));
  return screen.findByRole('dialog', { name: T.formNew });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label, { exact: false });
  await user.type(field(T.fields.name), 'Moodle');
  await user.type(field(T.fields.issuer), 'https://moodle.springfield.edu');
  await user.type(field(T.fields.clientId), 'abc123');
  await user.type(within(dialog).getByLabelText(T.fields.deploymentId(1)), '7');
  await user.type(field(T.fields.keySetUrl), 'https://moodle.springfield.edu/mod/lti/certs.php');
  await user.type(
    field(T.fields.authorizationEndpoint),
    'https://moodle.springfield.edu/mod/lti/auth.php',
  );
}

describe('the learning platforms section of the store settings', () => {
  it('says so when the browser offers no clipboard (plain http away from localhost)', async () => {
    const { section, user } = await openSection();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    await user.click(within(section).getByRole('button', { name: T.copy(T.addressLabels.login) }));
    expect(await within(section).findByText(T.copyFailed)).toBeInTheDocument();
  });

  it('shows the addresses to copy, the platforms and the recent launches with their reasons', async () => {
    const { section, user } = await openSection();
    const login = within(section).getByRole('textbox', { name: T.addressLabels.login });
    expect(login).toHaveValue('https://bookstore.springfield.edu/app-rest/lti/v1/login');
    await user.click(within(section).getByRole('button', { name: T.copy(T.addressLabels.keySet) }));
    expect(await within(section).findByText(T.copied(T.addressLabels.keySet))).toBeInTheDocument();

    const launches = within(section).getByRole('region', { name: T.launchesTitle });
    expect(await within(launches).findByText(LTI_REFUSALS.expired)).toBeInTheDocument();
    expect(within(launches).getByText('exp 2026-09-01T13:00:00Z is past')).toBeInTheDocument();
  });

  it('says so when no platform is registered', async () => {
    const lti = new FakeLtiServer();
    lti.registrations = [];
    lti.launches = [];
    renderStoreSettings(new FakeStoreServer(), { handlers: lti.handlers() });
    const section = await screen.findByRole('region', { name: T.sectionTitle });
    expect(await within(section).findByText(T.none)).toBeInTheDocument();
    expect(await within(section).findByText(T.launchesNone)).toBeInTheDocument();
  });

  it('checks the form’s rules before sending, naming each field', async () => {
    const { section, user, calls } = await openSection();
    const dialog = await openNewForm(user, section);
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: false });
    await user.type(field(T.fields.keySetUrl), 'http://moodle.springfield.edu/certs');
    await user.clear(field(T.fields.coursePattern));
    await user.type(field(T.fields.coursePattern), '{{dept}-{{course}');
    await user.click(within(dialog).getByRole('button', { name: T.formSave }));

    await waitFor(() => expect(field(T.fields.issuer)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(T.fields.issuer)).toHaveAccessibleDescription(/required/);
    expect(field(T.fields.keySetUrl)).toHaveAccessibleDescription(LTI_URL_RULE);
    expect(field(T.fields.coursePattern)).toHaveAccessibleDescription(
      'The course pattern needs {term}.',
    );
    expect(within(dialog).getByLabelText(T.fields.deploymentId(1))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo(calls, 'POST', REGISTRATIONS_PATH)).toHaveLength(0);
  });

  it('saves a platform with its deployment ids as a list, and puts a 409 on the client id', async () => {
    const { section, user, calls, lti } = await openSection();
    const dialog = await openNewForm(user, section);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: T.fields.addDeployment }));
    await user.type(within(dialog).getByLabelText(T.fields.deploymentId(2)), '7');
    await user.click(within(dialog).getByRole('button', { name: T.formSave }));
    const deployments = within(dialog).getByRole('group', { name: T.fields.deploymentIds });
    await waitFor(() => expect(deployments).toHaveAccessibleDescription(/lists an id twice/));
    await user.click(within(dialog).getByRole('button', { name: T.fields.removeDeployment(2) }));

    // Another platform of the store has this issuer and client id.
    lti.registrations[0]!.issuer = 'https://moodle.springfield.edu';
    lti.registrations[0]!.clientId = 'abc123';
    await user.click(within(dialog).getByRole('button', { name: T.formSave }));
    const clientId = within(dialog).getByLabelText(T.fields.clientId, { exact: false });
    await waitFor(() =>
      expect(clientId).toHaveAccessibleDescription(LTI_REGISTRATION_MESSAGES.duplicate),
    );
    expect(clientId).toHaveFocus();

    await user.clear(clientId);
    await user.type(clientId, 'abc124');
    await user.click(within(dialog).getByRole('switch', { name: T.fields.grantInstructors }));
    expect(within(dialog).getByText(T.help.grantInstructorsOn)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.formSave }));
    expect(await within(section).findByRole('article', { name: 'Moodle' })).toBeInTheDocument();
    const saved = callsTo(calls, 'POST', REGISTRATIONS_PATH).at(-1)!.body;
    expect(saved).toMatchObject({
      clientId: 'abc124',
      deploymentIds: ['7'],
      tokenEndpoint: null,
      frameOrigins: [],
      grantInstructors: true,
      coursePattern: '{term}-{dept}-{course}-{section}',
    });
  });

  it('previews where typed course ids land', async () => {
    const { section, user, calls } = await openSection();
    await user.click(within(section).getByRole('button', { name: T.edit('Canvas') }));
    const dialog = await screen.findByRole('dialog', { name: T.edit('Canvas') });
    await user.type(
      within(dialog).getByLabelText(T.previewLabel),
      '2026FA-BIOL-101-001{Enter}CHEM-999',
    );
    await user.click(within(dialog).getByRole('button', { name: T.previewRun }));
    expect(
      await within(dialog).findByText('2026FA-BIOL-101-001: BIOL 101 section 001, Fall 2026'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('CHEM-999: no section. No course CHEM 999 in the catalog.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', PREVIEW_PATH)[0]!.body).toEqual({
      coursePattern: '{term}-{dept}-{course}-{section}',
      sampleIds: ['2026FA-BIOL-101-001', 'CHEM-999'],
    });
  });

  it('removes a platform after asking', async () => {
    const { section, user, calls } = await openSection();
    await user.click(within(section).getByRole('button', { name: T.remove('Canvas') }));
    const confirm = await screen.findByRole('dialog', { name: T.removeTitle('Canvas') });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', registrationPath(4))).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: T.remove('Canvas') }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.removeTitle('Canvas') })).getByRole(
        'button',
        {
          name: T.removeConfirm,
        },
      ),
    );
    expect(await within(section).findByText(T.none)).toBeInTheDocument();
    expect(within(section).getByText(T.removed('Canvas'))).toBeInTheDocument();
  });

  it('makes a dynamic registration link to copy', async () => {
    const { section, user } = await openSection();
    await user.click(within(section).getByRole('button', { name: T.inviteCreate }));
    expect(await within(section).findByRole('textbox', { name: T.inviteLabel })).toHaveValue(
      'https://bookstore.springfield.edu/lti/register?invite=inv_123',
    );
  });
});
