import type { Locator, Page } from '@playwright/test';
import {
  AUTH_HEADER,
  fillPath,
  getMetricsDivisions,
  onTimeOrderFulfillment,
  type MetricsDivision,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from './api.ts';
import { expect } from './fixtures.ts';

/*
 * Helpers for the dashboard specs: the divisions a user reports on, read from the API as that
 * user sees them (names and ids are the seed's), and what "a card has loaded" looks like.
 */

export const METRIC_CARDS = [
  'Adoption progress',
  'Order fulfilment',
  'On-time fulfilment',
  'Order types',
  'Market share',
  'Student fulfilment preferences',
] as const;

export async function metricsDivisions(session: SessionResponse): Promise<MetricsDivision[]> {
  const path = fillPath(getMetricsDivisions.path, { userAccountId: session.accountId });
  const res = await callApi<{ divisions: MetricsDivision[] }>('localhost', 'GET', path, undefined, {
    [AUTH_HEADER]: session.token,
  });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body.divisions;
}

/** The on-time figure asked for directly, as a script would, past whatever the page shows. */
export function callOnTime(session: SessionResponse, divisionId: number, termId: number) {
  const path = fillPath(onTimeOrderFulfillment.path, { userAccountId: session.accountId });
  return callApi<{ message?: string; onTimePercentage?: number | null }>(
    'localhost',
    'POST',
    path,
    { divisionId, termId },
    { [AUTH_HEADER]: session.token },
  );
}

export function metricCard(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('region', { name, exact: true });
}

/**
 * A card that has loaded: no longer busy, no error, and showing either its figures (with the
 * table toggle) or its empty-state words.
 */
export async function expectCardLoaded(card: Locator): Promise<void> {
  await expect(card).toHaveAttribute('aria-busy', 'false');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(
    card.getByRole('button', { name: /^Show table of / }).or(card.getByText(/ yet$/)),
  ).toBeVisible();
}

/** Every card of the shown division loaded: the six (five without on-time) one by one. */
export async function expectCardsLoaded(page: Page, names: readonly string[]): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('region')).toHaveCount(names.length);
  for (const name of names) await expectCardLoaded(metricCard(panel, name));
}

/** The calls behind the six cards' figures (not the divisions, which the tabs need first). */
const FIGURE_CALLS =
  /\/(getAdoptionProgressSummary|divisionFulfillment|getFulfillmentBreakdown|onTimeOrderFulfillment|getOrderTypes|getMarketShare|studentPreferences)$/;

/** Holds every card's figure call until `release` is called: the cards stay in their loading state. */
export async function holdFigureCalls(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => FIGURE_CALLS.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}
