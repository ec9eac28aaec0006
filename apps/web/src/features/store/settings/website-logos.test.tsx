import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGO_MESSAGES } from '@csp/contracts';
import { FakeXhr } from '../../../test/data/fake-xhr.ts';
import { FakeStoreServer, renderStoreSettings } from '../../../test/store/store-fake-server.ts';
import { logoFileProblem } from './website-logos.tsx';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

async function openCard(server = new FakeStoreServer()) {
  renderStoreSettings(server);
  const card = await screen.findByRole('article', { name: 'springfield.localhost' });
  return { server, card, user: userEvent.setup({ applyAccept: false }) };
}

describe("a website's logos", () => {
  it('checks a file before sending it, in the server’s words', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(LOGO_MESSAGES.notAnImage);
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe(LOGO_MESSAGES.empty);
    expect(logoFileProblem({ type: 'image/png', size: 600 * 1024 })).toBe(LOGO_MESSAGES.tooLarge);
    expect(logoFileProblem({ type: 'image/webp', size: 2048 })).toBeNull();
  });

  it('shows the logos now, sends a chosen PNG at once and shows the new one', async () => {
    const { server, card, user } = await openCard();
    const logos = within(card).getByRole('region', { name: 'Logos of springfield.localhost' });
    expect(
      within(logos).getByRole('img', { name: 'Wide logo of springfield.localhost now' }),
    ).toHaveAttribute('src', server.websites[0]?.logo);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(within(logos).getByLabelText('Replace the wide logo'), file);
    const xhr = FakeXhr.sent.at(-1)!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toMatch(/\/store\/websites\/1\/logo\?kind=wide$/);
    expect(xhr.headers['Content-Type']).toBe('image/png');
    expect(xhr.body).toBe(file);
    const newLogo = '/site-config/logos/springfield-localhost-1-wide-0123456789ab.png';
    const answer = server.answer();
    answer.websites[0] = { ...answer.websites[0]!, logo: newLogo };
    act(() => xhr.answer(200, answer));
    await waitFor(() =>
      expect(within(logos).getByRole('status')).toHaveTextContent('Logo replaced.'),
    );
    await waitFor(() =>
      expect(
        within(logos).getByRole('img', { name: 'Wide logo of springfield.localhost now' }),
      ).toHaveAttribute('src', newLogo),
    );
  });

  it('refuses an SVG without sending it, and shows a server refusal under its picker', async () => {
    const { card, user } = await openCard();
    const logos = within(card).getByRole('region', { name: 'Logos of springfield.localhost' });
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    const picker = within(logos).getByLabelText('Replace the phone logo');
    await user.upload(picker, svg);
    await waitFor(() =>
      expect(within(logos).getByLabelText('Replace the phone logo')).toHaveAccessibleDescription(
        LOGO_MESSAGES.notAnImage.replace('file: ', ''),
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);

    const png = new File([new Uint8Array([1, 2, 3])], 'huge.png', { type: 'image/png' });
    await user.upload(within(logos).getByLabelText('Replace the phone logo'), png);
    act(() =>
      FakeXhr.sent
        .at(-1)!
        .answer(400, { message: LOGO_MESSAGES.tooManyPixels(5000, 20), field: 'file' }),
    );
    await waitFor(() =>
      expect(within(logos).getByLabelText('Replace the phone logo')).toHaveAccessibleDescription(
        LOGO_MESSAGES.tooManyPixels(5000, 20).replace('file: ', ''),
      ),
    );
  });
});
