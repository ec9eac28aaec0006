import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FUNDING_MESSAGES } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import { FakeXhr } from '../../../test/data/fake-xhr.ts';
import { allowanceUpload } from '../../../test/funding/funding-fixtures.ts';
import {
  BASE,
  FakeFundingServer,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';

const csv = () => new File(['Student ID,Amount,Note\n900000001,250.00,\n'], 'aid-fall.csv');

async function uploadFile(
  user: ReturnType<typeof userEvent.setup>,
  server: FakeFundingServer,
  uploadId = 31,
) {
  const file = csv();
  await user.upload(
    await screen.findByLabelText('Allowance file (.csv or .xlsx)', {}, { timeout: 10_000 }),
    file,
  );
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
  const xhr = FakeXhr.sent.at(-1)!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe(`${BASE}/sources/1/uploads?fileName=aid-fall.csv`);
  expect(xhr.headers['Auth-Token']).toBe('token-1');
  expect(xhr.body).toBe(file);
  act(() => xhr.progress(512, 1024));
  expect(screen.getByRole('progressbar', { name: 'Uploading aid-fall.csv' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  server.upload = allowanceUpload({ uploadId });
  act(() => xhr.answer(200, server.upload));
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Report: aid-fall.csv' })).toHaveFocus(),
  );
  return screen.getByRole('region', { name: 'Report: aid-fall.csv' });
}

beforeEach(() => {
  screenWidth(1280);
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('Uploading allowances', { timeout: 30_000 }, () => {
  it('reports every row before writing, then applies once after the confirmation', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    const { router } = renderFunding('/funding-management/sources/1?tab=upload', { server });
    // What the file must hold, with an example.
    const example = await screen.findByRole('table', { name: 'Example allowance file' });
    expect(example).toHaveTextContent('Student IDAmountNote900000042250.00Fall aid');
    // Nothing chosen yet: the problem is announced.
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a .csv or .xlsx file first.');

    const report = await uploadFile(user, server);
    expect(router.state.location.search).toBe('?tab=upload&upload=31');
    expect(report).toHaveTextContent('Checked, ready to apply');
    expect(report).toHaveTextContent(
      'Rows read205Valid200Rejected5Total of valid amounts$50,000.00Budget left$60,000.00',
    );
    const reasons = within(report).getByRole('table', { name: 'Why rows were rejected' });
    expect(reasons).toHaveTextContent('Student IDNo student with ID 123 at this store.3');
    const rejected = await within(report).findByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getAllByRole('row')[1]).toHaveTextContent(
      '10Student ID123No student with ID 123 at this store.',
    );
    expect(server.applyCalls).toBe(0);

    await user.click(within(report).getByRole('button', { name: 'Apply 200 allowances' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply aid-fall.csv?' });
    expect(dialog).toHaveTextContent(
      'This gives 200 allowances totalling $50,000.00 from Fall 2026 Book Advance',
    );
    await user.dblClick(within(dialog).getByRole('button', { name: 'Apply' }));
    const applied = await within(report).findByText(
      /Applied .* by Casey Morgan: 200 allowances written/,
    );
    expect(applied).toBeVisible();
    // The Apply button is gone: the focus is on what applying did, not lost to the page.
    await waitFor(() => expect(applied.closest('[role="alert"]')).toHaveFocus());
    expect(server.applyCalls).toBe(1);
    expect(within(report).queryByRole('button', { name: /Apply/ })).toBeNull();
    // The earlier files list it, applied.
    const earlier = screen.getByRole('list', { name: 'Earlier files' });
    await waitFor(() => expect(earlier).toHaveTextContent('Applied'));
  });

  it('shows a 409 from apply in the server’s words, and not on the next file’s report', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    server.issueCount = 30;
    const { fetchMock } = renderFunding('/funding-management/sources/1?tab=upload', { server });
    const report = await uploadFile(user, server);
    // The rejected rows of this file, on their second page.
    await user.click(
      await within(report).findByRole('button', { name: 'Next page of rejected rows' }),
    );
    expect(await within(report).findByText('26–30 of 30')).toBeVisible();

    const original = fetchMock.getMockImplementation()!;
    let refused = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/uploads/31/apply')) {
        refused += 1;
        return json(409, { message: FUNDING_MESSAGES.sourceChangedSinceCheck });
      }
      return original(input, init);
    });
    await user.click(within(report).getByRole('button', { name: 'Apply 200 allowances' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Apply aid-fall.csv?' })).getByRole('button', {
        name: 'Apply',
      }),
    );
    expect(await within(report).findByText(FUNDING_MESSAGES.sourceChangedSinceCheck)).toBeVisible();
    expect(refused).toBe(1);
    expect(server.applyCalls).toBe(0);
    // A refusal may be tried again.
    expect(
      await within(report).findByRole('button', { name: 'Apply 200 allowances' }),
    ).toBeEnabled();

    // The file is checked again: its new report starts afresh.
    const next = await uploadFile(user, server, 32);
    await waitFor(() => expect(within(next).getByText('1–25 of 30')).toBeVisible());
    expect(within(next).queryByText(FUNDING_MESSAGES.sourceChangedSinceCheck)).toBeNull();
    expect(within(next).getByRole('button', { name: 'Apply 200 allowances' })).toBeEnabled();
  });
});
