import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  callsTo,
  pinToday,
  renderWizard,
  wizardDialog,
} from '../../../test/adoption/wizard-fake-server.ts';

// A wizard run is many steps of a whole app in jsdom.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  sessionStorage.clear();
  pinToday();
});

async function openSearch(options: Parameters<typeof renderWizard>[1] = {}) {
  const view = renderWizard('/adopt/course/1/BIOL/101?adopt=new', options);
  const dialog = await wizardDialog();
  await view.user.click(
    await within(dialog).findByRole('button', { name: /^Search for a material/ }),
  );
  const field = within(dialog).getByRole('searchbox', { name: 'ISBN, title or author' });
  return { ...view, dialog, field };
}

describe('Adoption wizard: searching for a material', () => {
  it('sends an ISBN typed with hyphens cleaned, and lists the results with their source', async () => {
    const { user, dialog, field, calls } = await openSearch();
    await user.type(field, ' 978-0-306-40615-7 ');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const external = await within(dialog).findByRole('button', {
      name: /^Molecular Biology of the Cell/,
    });
    expect(external).toHaveTextContent('ISBN 978-0-306-40615-7');
    expect(external).toHaveTextContent('Distributor catalog');
    expect(within(dialog).getByRole('button', { name: /^Cell Biology/ })).toHaveTextContent(
      "In the store's catalog",
    );
    const [search] = callsTo(calls, 'GET', 'material/search');
    expect(search?.url.searchParams.get('searchString')).toBe('9780306406157');
  });

  it('says a mistyped ISBN by the field, before sending it', async () => {
    const { user, dialog, field, calls } = await openSearch();
    await user.type(field, '978-0-306-40615-6');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const message =
      '9780306406156 is not a valid ISBN-13: its check digit is wrong. Check for a mistyped digit.';
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'GET', 'material/search')).toHaveLength(0);
  });

  it("says the server's ISBN refusal by the field too", async () => {
    const refusal = '0306406152 is not a valid ISBN-10: its check digit is wrong.';
    const { user, dialog, field } = await openSearch({
      handlers: {
        [`GET ${BASE}/material/search`]: () =>
          json(400, { message: refusal, field: 'searchString' }),
      },
    });
    await user.type(field, 'cell biology');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(refusal));
    expect(within(dialog).queryByText('Error while searching')).not.toBeInTheDocument();
  });

  it("says 'Error while searching' and shows no results when the search fails", async () => {
    let fail = false;
    const { user, dialog, field } = await openSearch({
      handlers: {
        [`GET ${BASE}/material/search`]: () =>
          fail
            ? json(500, { message: 'Database down' })
            : json(200, { materials: [], recordCount: 0, isbnMatch: false }),
      },
    });
    await user.type(field, 'cell');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No materials match “cell”.')).toBeInTheDocument();
    fail = true;
    await user.type(field, ' biology');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Error while searching')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/match/)).not.toBeInTheDocument();
  });
});
