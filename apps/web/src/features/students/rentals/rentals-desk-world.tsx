import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ActionName, InTransitGroup, RentalItem } from '@csp/contracts';
import { storePasswordLogin } from '../../../lib/credential-storage.ts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

/*
 * The student screen over a stand-in for the rental endpoints, shared by the rentals desk's
 * tests: a student with three outstanding rentals unless a test says otherwise.
 */

export const BASE = '/app-rest/admin_portal/v1/7';
export const CUSTOMER = 42;

export function rental(transItemId: number, overrides: Partial<RentalItem> = {}): RentalItem {
  return {
    transItemId,
    isbn: `97800000${String(transItemId).padStart(5, '0')}`,
    title: `Title ${transItemId}`,
    author: 'A. Author',
    serialItemRefNum: `DU${transItemId}`,
    dueDate: '2099-12-01',
    trackingNumber: null,
    serialItemLabel: `RTN-${transItemId < 3 ? 1 : 2}`,
    marketplaceConditionName: null,
    reportUrl: null,
    ...overrides,
  };
}

export interface World {
  actions?: ActionName[];
  outstanding?: RentalItem[];
  inTransit?: InTransitGroup[];
  handlers?: Record<string, (request: StubRequest) => Response>;
}

export function renderDesk(path: string, world: World = {}) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  const state = {
    outstanding: world.outstanding ?? [rental(1), rental(2), rental(3)],
    inTransit: world.inTransit ?? [],
  };
  const view = renderApp(path, {
    session: sessionResponse({ actions: world.actions ?? ['RETURN_RENTALS'] }),
    handlers: {
      [`GET ${BASE}/student/details`]: () =>
        json(200, {
          studentDetail: {
            customerId: CUSTOMER,
            name: 'Maya Thompson',
            firstName: 'Maya',
            lastName: 'Thompson',
            studentIdNum: '900000001',
            email: 'maya@example.edu',
            fulfillmentPreferences: [
              {
                divisionName: 'NO_CURRENT_ENROLLMENT',
                fulfillment: 'OPT_OUT',
                fulfillmentFriendlyName: 'Opt out',
                updatedAt: '2026-01-01',
              },
            ],
            shippingPreference: 'Pick up in store',
            shippingAddress: null,
            addressVisible: false,
            deliveryNote: '',
          },
        }),
      [`GET ${BASE}/getOutStandingRentals`]: () => json(200, { rentalListDTO: state.outstanding }),
      [`GET ${BASE}/rental/transit`]: () => json(200, state.inTransit),
      [`GET ${BASE}/getMarketplaceConditions`]: () =>
        json(200, { market_conditions: [{ name: 'New' }, { name: 'Good' }, { name: 'Damaged' }] }),
      ...world.handlers,
    },
  });
  return { ...view, state };
}

export const scanField = () => screen.findByRole('textbox', { name: 'Scan serial number or ISBN' });

export async function scan(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = await scanField();
  await user.type(field, `${text}{Enter}`);
}
