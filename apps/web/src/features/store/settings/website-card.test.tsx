import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brandColourProblem, contrastRatio } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  FakeStoreServer,
  callsTo,
  renderStoreSettings,
  websitePath,
} from '../../../test/store/store-fake-server.ts';

const textbox = (name: string, inside: HTMLElement) =>
  within(inside).getByRole('textbox', { name });

async function openCard(server = new FakeStoreServer()) {
  const view = renderStoreSettings(server);
  const card = await screen.findByRole('article', { name: 'springfield.localhost' });
  return { ...view, server, card, user: userEvent.setup() };
}

describe('a website card', () => {
  it('shows each colour’s contrast with white text as it is', async () => {
    const { card } = await openCard();
    const ratio = contrastRatio('#1a3d6d', '#ffffff').toFixed(2);
    expect(textbox('Primary colour', card)).toHaveAccessibleDescription(
      `Contrast with white text: ${ratio}:1 (at least 4.5:1).`,
    );
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(
      'springfield.localhost',
    );
    expect(within(card).getByText('Portal passwords only')).toBeInTheDocument();
  });

  it('says as it is typed that a colour is too light, and will not save it', async () => {
    const { card, user, calls } = await openCard();
    const primary = textbox('Primary colour', card);
    await user.clear(primary);
    await user.type(primary, '#cccccc');
    const problem = brandColourProblem('#cccccc') ?? '';
    expect(problem).toMatch(/too light for white text/);
    // Before any save: the live check is the server's own rule, in its words.
    expect(primary).toHaveAccessibleDescription(problem);
    expect(primary).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(card).getByRole('button', { name: 'Save springfield.localhost' }));
    await waitFor(() => expect(primary).toHaveFocus());
    expect(primary).toHaveAccessibleDescription(problem);
    expect(callsTo(calls, 'PUT', websitePath(1))).toHaveLength(0);
  });

  it('takes a colour from the picker into the text field', async () => {
    const { card } = await openCard();
    fireEvent.change(within(card).getByLabelText('Choose the secondary colour'), {
      target: { value: '#123456' },
    });
    expect(textbox('Secondary colour', card)).toHaveValue('#123456');
    const branding = within(card).getByRole('form', { name: 'springfield.localhost' });
    expect(within(branding).getByRole('button', { name: 'Discard changes' })).toBeEnabled();
  });

  it('saves the names and colours, and says when visitors see them', async () => {
    const { card, user, calls } = await openCard();
    const title = textbox('Site title', card);
    await user.clear(title);
    await user.type(title, 'Springfield Textbooks');
    await user.clear(textbox('Public address', card));
    await user.click(within(card).getByRole('button', { name: 'Save springfield.localhost' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Saved. Visitors see the new branding on their next page load.',
    );
    expect(callsTo(calls, 'PUT', websitePath(1)).map((c) => c.body)).toEqual([
      {
        branding: {
          name: 'Springfield University',
          siteTitle: 'Springfield Textbooks',
          primaryColor: '#1a3d6d',
          secondaryColor: '#7a1f2b',
          publicUrl: null,
        },
      },
    ]);
    expect(title).toHaveValue('Springfield Textbooks');
    expect(
      within(screen.getByRole('region', { name: 'Recent changes' })).getByText('Website changed'),
    ).toBeInTheDocument();
  });

  it('puts a refusal naming branding.secondaryColor on the secondary colour', async () => {
    const { card, user, server } = await openCard();
    const field = 'branding.secondaryColor';
    server.nextBrandingAnswer = () =>
      json(400, { message: `${field}: must be a colour like #1a3d6d`, field });
    await user.type(textbox('Name', card), ' Store');
    await user.click(within(card).getByRole('button', { name: 'Save springfield.localhost' }));
    const secondary = textbox('Secondary colour', card);
    await waitFor(() =>
      expect(secondary).toHaveAccessibleDescription('must be a colour like #1a3d6d'),
    );
    expect(secondary).toHaveFocus();
    expect(textbox('Name', card)).toHaveValue('Springfield University Store');
  });
});
