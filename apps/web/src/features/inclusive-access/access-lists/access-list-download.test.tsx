import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { createAppServices } from '../../../app/app-services.ts';
import { json, stubFetch, type StubRequest } from '../../../test/fetch-stub.ts';
import { CONFIG, sessionResponse, WEBSITE } from '../../../test/fixtures.ts';
import { AccessListDownload } from './access-list-download.tsx';

const CSV_PATH = '/app-rest/admin_portal/v1/7/inclusiveAccess/sections/5/accessList.csv';
const NAME = 'Download access list (CSV) for BIO 101 – 001';

/** The button alone, as a program row places it, for Pat signed in. */
async function renderButton(csv: (request: StubRequest) => Response | Promise<Response>) {
  const fetchStub = stubFetch({
    'GET /app-rest/portal/v1/website': () => json(200, WEBSITE),
    [`GET /site-config/${WEBSITE.jsonFileName}`]: () => json(200, CONFIG),
    'POST /app-rest/admin_portal/v1/account/login': () =>
      json(200, sessionResponse({ actions: ['MANAGE_INCLUSIVE_ACCESS'] })),
    [`GET ${CSV_PATH}`]: csv,
  });
  const services = createAppServices();
  const router = createMemoryRouter([
    { path: '/', element: <AccessListDownload sectionId={5} sectionLabel="BIO 101 – 001" /> },
  ]);
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(() => services.sessionStore.login('pat@example.edu', 'secret'));
  return { ...fetchStub, user: userEvent.setup() };
}

describe('AccessListDownload', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the section’s list with the session token under the server’s name', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls, user } = await renderButton(async () => {
      await answered;
      return new Response('\uFEFFStudent ID,Last name,First name,E-mail\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="access-list-BIO-101-001.csv"',
        },
      });
    });
    const button = screen.getByRole('button', { name: NAME });
    button.focus();
    await user.keyboard('{Enter}');
    // While the file comes, the button waits (a second press asks nothing more).
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Downloading…');
    release();
    // Saved under the server's name (the app shell's notice says it: not rendered here).
    await waitFor(() => expect(saved).toEqual(['access-list-BIO-101-001.csv']));
    const asked = calls.filter((c) => c.url.pathname === CSV_PATH);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.get('Auth-Token')).toBe('token-1');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows the server’s refusal under the button, and lets it be dismissed', async () => {
    const { user } = await renderButton(() =>
      json(404, {
        message: 'No program section you manage inclusive access for has this id.',
        field: 'sectionId',
      }),
    );
    await user.click(screen.getByRole('button', { name: NAME }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not download the access list for BIO 101 – 001: No program section you manage inclusive access for has this id.',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
