import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { WEBSITE } from '../../../test/fixtures.ts';
import { systemReducesMotion } from '../../../test/screen-width.ts';
import { BASE, CUSTOMER, rental, renderDesk, scan, scanField } from './rentals-desk-world.tsx';

/*
 * The student screen's rentals over a stand-in for the rental endpoints: what the clerk sees
 * and what is sent. Label tabs are window.open; the fake timers of the schedule are real here
 * (2 s), so the tests that wait for them say so.
 */

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('student screen rentals', () => {
  it('shows the header facts with honest wording for no enrollment and a hidden address', async () => {
    renderDesk(`/search/student/${CUSTOMER}`);
    // The file's first test loads the lazy page (and the print area with it) cold.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maya Thompson' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('No current enrollment')).toBeVisible();
    expect(
      screen.getByText(/Address hidden: seeing it needs the “See student addresses” permission/),
    ).toBeVisible();
    expect(screen.queryByText(/VIEW_STUDENT_ADDRESS/)).toBeNull();
  });

  it('focuses the scan field; a scan checks, confirms, clears and keeps the focus', async () => {
    const user = userEvent.setup();
    renderDesk(`/search/student/${CUSTOMER}`);
    const field = await scanField();
    await screen.findByRole('checkbox', { name: 'Title 2 (DU2)' });
    await waitFor(() => expect(field).toHaveFocus());
    await scan(user, 'du2');
    expect(screen.getByRole('checkbox', { name: 'Title 2 (DU2)' })).toBeChecked();
    expect(screen.getByText('Checked: Title 2 (DU2)')).toBeVisible();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await scan(user, 'XYZ');
    expect(screen.getByText('No unchecked rental matches XYZ')).toBeVisible();
  });

  it.each([
    [false, 'smooth'],
    [true, 'auto'],
  ] as const)(
    'brings the scanned row into view (reduced motion asked: %s, so %s)',
    async (reduce, behavior) => {
      // jsdom lays nothing out and has no scrollIntoView: the call is what can be seen here.
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      systemReducesMotion(reduce);
      try {
        const user = userEvent.setup();
        renderDesk(`/search/student/${CUSTOMER}`);
        await screen.findByRole('checkbox', { name: 'Title 2 (DU2)' });
        await scan(user, 'du2');
        expect(screen.getByRole('checkbox', { name: 'Title 2 (DU2)' })).toBeChecked();
        expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', behavior });
      } finally {
        delete (Element.prototype as Partial<Element>).scrollIntoView;
      }
    },
  );

  it('says a list could not be loaded instead of calling it empty', async () => {
    renderDesk(`/search/student/${CUSTOMER}`, {
      handlers: {
        [`GET ${BASE}/rental/transit`]: () => json(500, { message: 'Database away' }),
      },
    });
    expect(
      await screen.findByText(
        'Could not load the rentals in transit: Database away',
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText('No rentals in transit.')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Title 1 (DU1)' })).toBeInTheDocument();
  });

  it('returns in check order with conditions, lists the failed item and links blocked labels', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls, state } = renderDesk(`/search/student/${CUSTOMER}`, {
      handlers: {
        [`POST ${BASE}/rental/returnRentals`]: () => {
          state.outstanding = state.outstanding.filter((i) => i.transItemId === 2);
          return json(200, {
            successful: [
              { ...rental(3), marketplaceConditionName: 'Good', reportUrl: '/labels/b' },
              { ...rental(1), marketplaceConditionName: 'New', reportUrl: '/labels/a' },
            ],
            failed: [
              { transItemId: 2, serialItemRefNum: 'DU2', isbn: null, reason: 'Already returned' },
            ],
          });
        },
      },
    });
    await screen.findByRole('checkbox', { name: 'Title 1 (DU1)' });
    await scan(user, 'DU3');
    await scan(user, 'DU1');
    await user.click(screen.getByRole('checkbox', { name: 'Title 2 (DU2)' }));
    await user.click(screen.getByRole('button', { name: 'Return 3 rentals' }));
    expect(
      screen.getByText('Choose a condition for the 3 checked rentals that have none.'),
    ).toBeVisible();
    expect(calls.some((c) => c.url.pathname.endsWith('/returnRentals'))).toBe(false);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition for all checked' }),
      'Good',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition of Title 1 (DU1)' }),
      'New',
    );
    await user.click(screen.getByRole('button', { name: 'Return 3 rentals' }));

    expect(await screen.findByText('Returned 2 rentals.')).toBeVisible();
    // Neither print service answers here: the labels open in tabs, and the clerk is told why.
    const instead = await screen.findByText(
      'The 2 labels open in new tabs instead: print them from there.',
      {},
      { timeout: 5000 },
    );
    expect(instead.closest('.MuiAlert-root')).toHaveTextContent(
      /local print service did not answer on port 9090/,
    );
    const sent = calls.find((c) => c.url.pathname.endsWith('/returnRentals'))?.body;
    expect(sent).toEqual({
      locationId: WEBSITE.locationId,
      customerId: CUSTOMER,
      transItemIdWithConditionList: [
        { transItemId: 3, marketplaceCondition: 'Good' },
        { transItemId: 1, marketplaceCondition: 'New' },
        { transItemId: 2, marketplaceCondition: 'Good' },
      ],
    });
    const failed = screen.getByRole('list', { name: 'Rentals not returned' });
    expect(within(failed).getByText(/Already returned/)).toHaveTextContent(
      'Title 2 (DU2): Already returned',
    );
    // The blocked tabs become links to click (after the docs/behaviour/constants.md#printing delay: 2 s, then 500 ms).
    const notice = await screen.findByText(
      'Your browser blocked the label tabs',
      {},
      { timeout: 5000 },
    );
    expect(open).toHaveBeenCalledTimes(2);
    const links = within(notice.closest('[role="alert"]') as HTMLElement).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/labels/b', '/labels/a']);
    // The failed item is still listed and still checked, for another try.
    expect(screen.getByRole('checkbox', { name: 'Title 2 (DU2)' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Title 1 (DU1)' })).toBeNull();
  }, 10_000);

  it('shows the docs/behaviour/messages.md text when the return is refused', async () => {
    const user = userEvent.setup();
    renderDesk(`/search/student/${CUSTOMER}`, {
      handlers: {
        [`POST ${BASE}/rental/returnRentals`]: () =>
          json(415, { message: "The store's return address (ShipFrom) is incomplete" }),
      },
    });
    await scan(user, 'DU1');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Condition of Title 1 (DU1)' }),
      'Good',
    );
    await user.click(screen.getByRole('button', { name: 'Return 1 rental' }));
    expect(await screen.findByText('Error Returning Rentals: Invalid Address')).toBeVisible();
  });

  it('preselects the ?return= rental from the in-transit list once loaded', async () => {
    renderDesk(`/search/student/${CUSTOMER}?return=du9`, {
      inTransit: [
        { transId: 5, transItems: [rental(9, { trackingNumber: '1Z1', reportUrl: '/labels/t' })] },
      ],
    });
    expect(await screen.findByText('Checked from the link: Title 9 (DU9)')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Title 9 (DU9)' })).toBeChecked();
    expect(screen.getByRole('link', { name: /Print label again/ })).toHaveAttribute(
      'href',
      '/labels/t',
    );
  });

  it('without RETURN_RENTALS shows the lists read-only and says why', async () => {
    renderDesk(`/search/student/${CUSTOMER}`, { actions: ['VIEW_SECTION'] });
    expect(await screen.findByText('Title 1')).toBeVisible();
    // The permission by the name staff read; its code is for the administrator who grants it.
    expect(screen.getByText(/needs the “Return rentals” permission/)).toBeVisible();
    expect(screen.queryByText(/RETURN_RENTALS/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Permission code/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Return/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Scan serial number or ISBN' })).toBeNull();
  });

  it('shows an administrator the permission code the message names', async () => {
    renderDesk(`/search/student/${CUSTOMER}`, { actions: ['VIEW_SECTION', 'ASSIGN_PERMISSIONS'] });
    expect(await screen.findByText(/needs the “Return rentals” permission/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Permission code: RETURN_RENTALS' })).toBeVisible();
  });
});
