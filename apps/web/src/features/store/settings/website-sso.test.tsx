import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDP_METADATA_MAX_CHARS, SSO_MESSAGES } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import {
  FakeStoreServer,
  LAW_IDP,
  callsTo,
  renderStoreSettings,
  ssoPath,
} from '../../../test/store/store-fake-server.ts';
import { keepStyleRules } from '../../../test/style-rules.ts';

// The metadata link's name: a browser spaces the visually hidden "(opens in a new tab)" from it
// because that text is positioned (a block), which only the style rules say.
keepStyleRules();

const IDP_METADATA =
  '<EntityDescriptor entityID="https://login.springfield.edu/idp"><IDPSSODescriptor/></EntityDescriptor>';

const xmlFile = (text: string, name = 'idp.xml') => new File([text], name, { type: 'text/xml' });

async function openCard(host: string, server = new FakeStoreServer()) {
  const view = renderStoreSettings(server);
  const card = await screen.findByRole('article', { name: host });
  const form = within(card).getByRole('form', { name: `Single sign-on of ${host}` });
  return { ...view, server, card, form, user: userEvent.setup() };
}

const saveButton = (form: HTMLElement, host: string) =>
  within(form).getByRole('button', { name: `Save single sign-on for ${host}` });

describe('a website’s single sign-on', () => {
  it('uploads the identity provider’s metadata file and sends its text', async () => {
    const host = 'springfield.localhost';
    const { card, form, user, calls } = await openCard(host);
    expect(within(card).getByText('Portal passwords only')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Test the sign-in/ })).not.toBeInTheDocument();

    await user.upload(within(form).getByLabelText('Metadata file'), xmlFile(IDP_METADATA));
    await user.click(within(form).getByRole('switch', { name: /single logout/ }));
    await user.click(saveButton(form, host));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      `Saved. Users of ${host} now sign in through the identity provider.`,
    );
    expect(callsTo(calls, 'PUT', ssoPath(1)).map((c) => c.body)).toEqual([
      { sso: { ssoType: 'SAML', metadataXml: IDP_METADATA, sloEnabled: true } },
    ]);
    expect(
      within(card).getByText('SAML single sign-on with https://login.springfield.edu/idp'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Test the sign-in/ })).toHaveAttribute(
      'href',
      'http://springfield.localhost:8080/app-rest/saml/v1/login?mode=test',
    );
    expect(within(card).getByText(/signs no one in or out/)).toBeInTheDocument();
    expect(within(card).queryByText(/private window/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent changes' })).getByText(
        'Website single sign-on changed',
      ),
    ).toBeInTheDocument();
  });

  it('puts the server’s refusal of the metadata under the file input, and focuses it', async () => {
    const host = 'springfield.localhost';
    const { form, user, calls } = await openCard(host);
    const input = within(form).getByLabelText('Metadata file');
    await user.upload(input, xmlFile('<EntityDescriptor><SPSSODescriptor/></EntityDescriptor>'));
    await user.click(saveButton(form, host));

    const words = SSO_MESSAGES.noIdp.replace('metadataXml: ', '');
    await waitFor(() => expect(input).toHaveAccessibleDescription(words));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(callsTo(calls, 'PUT', ssoPath(1))).toHaveLength(1);
  });

  it('refuses a file over the contract’s limit, or none, before sending', async () => {
    const host = 'springfield.localhost';
    const { form, user, calls } = await openCard(host);
    const input = within(form).getByLabelText('Metadata file');
    await user.click(saveButton(form, host));
    expect(input).toHaveAccessibleDescription('Choose the identity provider’s metadata file.');

    await user.upload(input, xmlFile('x'.repeat(IDP_METADATA_MAX_CHARS + 1)));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        `must be at most ${IDP_METADATA_MAX_CHARS} characters`,
      ),
    );
    await user.click(saveButton(form, host));
    expect(callsTo(calls, 'PUT', ssoPath(1))).toHaveLength(0);
  });

  it('sends the details as entered, an empty sign-off address as none', async () => {
    const host = 'springfield.localhost';
    const { card, form, user, calls } = await openCard(host);
    await user.click(within(form).getByRole('radio', { name: 'Enter the details' }));
    expect(within(form).queryByLabelText('Metadata file')).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Entity ID' }), 'urn:idp');
    const signOn = within(form).getByRole('textbox', { name: 'Sign-on address' });
    await user.type(signOn, 'idp.example.edu/sso');
    await user.click(saveButton(form, host));
    // The contract's words, before anything is sent.
    expect(signOn).toHaveAccessibleDescription(
      'must be an address like https://idp.example.edu/sso',
    );
    expect(within(form).getByRole('textbox', { name: 'Certificate' })).toHaveAccessibleDescription(
      'is required',
    );
    expect(callsTo(calls, 'PUT', ssoPath(1))).toHaveLength(0);

    await user.clear(signOn);
    await user.type(signOn, 'https://idp.example.edu/sso');
    await user.type(within(form).getByRole('textbox', { name: 'Certificate' }), 'MIIC');
    await user.click(saveButton(form, host));
    await within(card).findByText('SAML single sign-on with urn:idp');
    expect(callsTo(calls, 'PUT', ssoPath(1)).map((c) => c.body)).toEqual([
      {
        sso: {
          ssoType: 'SAML',
          entityId: 'urn:idp',
          ssoUrl: 'https://idp.example.edu/sso',
          sloUrl: null,
          certificate: 'MIIC',
          sloEnabled: false,
        },
      },
    ]);
  });

  it('turns single sign-on off after a question, and says so', async () => {
    const host = 'law.springfield.localhost';
    const { card, user, calls } = await openCard(host);
    expect(within(card).getByText(LAW_IDP.idpSsoUrl ?? '')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Turn single sign-on off' }));
    const dialog = screen.getByRole('dialog', { name: `Turn single sign-on off for ${host}?` });
    expect(dialog).toHaveAccessibleDescription(/will sign in with their portal passwords/);
    expect(callsTo(calls, 'PUT', ssoPath(2))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      `Single sign-on is off: users of ${host} sign in with their portal passwords.`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'PUT', ssoPath(2)).map((c) => c.body)).toEqual([
      { sso: { ssoType: 'NONE' } },
    ]);
    expect(within(card).getByText('Portal passwords only')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Turn single sign-on off' })).toBeNull();
  });

  it('shows the certificate’s end, with a warning within 30 days and an error once past', async () => {
    const server = new FakeStoreServer();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const law = server.websites[1];
    if (law) law.sso = { ...LAW_IDP, certificateExpires: soon };
    const { card } = await openCard('law.springfield.localhost', server);
    expect(
      within(card).getByText(`CN=idp.springfield.edu, valid until ${formatDisplayDate(soon)}`),
    ).toBeInTheDocument();
    const warning = within(card).getByRole('alert');
    expect(warning).toHaveTextContent(`expires on ${formatDisplayDate(soon)} (in 10 days)`);
    expect(warning.className).toMatch(/Warning/);
  });

  it('shows an expired certificate as an error', async () => {
    const server = new FakeStoreServer();
    const law = server.websites[1];
    if (law) law.sso = { ...LAW_IDP, certificateExpires: '2020-01-31T00:00:00.000Z' };
    const { card } = await openCard('law.springfield.localhost', server);
    const error = within(card).getByRole('alert');
    expect(error).toHaveTextContent('certificate expired on 01/31/2020');
    expect(error.className).toMatch(/Error/);
  });

  it('links the portal’s own metadata and copies its address', async () => {
    const { card, user } = await openCard('springfield.localhost');
    const url = 'http://springfield.localhost:8080/app-rest/saml/v1/metadata';
    const link = within(card).getByRole('link', { name: `${url} (opens in a new tab)` });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(within(card).getByRole('button', { name: 'Copy address' }));
    // user-event stands in a clipboard of its own for the test.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(card).getByText('Address copied.')).toHaveAttribute('aria-live', 'polite');
  });
});
