import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { FALL } from '../../../test/inclusive-access/programs-fake-server.ts';
import { callsTo, renderDashboard } from '../../../test/metrics/metrics-fake-server.ts';

const DASHBOARD = '/app-rest/admin_portal/v1/7/inclusiveAccess/dashboard';
const NO_DIVISIONS = {
  'GET /app-rest/admin_portal/v1/7/metricsDivisions': () =>
    json(200, { divisions: [], storeHasDivisions: true }),
};

describe('Dashboard: inclusive access card', () => {
  it("shows the current term's program figures to those who run it, linking to the term", async () => {
    renderDashboard('/dashboard', {
      actions: ['MANAGE_INCLUSIVE_ACCESS'],
      handlers: {
        ...NO_DIVISIONS,
        [`GET ${DASHBOARD}`]: () => json(200, { terms: [FALL], today: '2026-09-01' }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Inclusive access this term' });
    expect(
      await within(card).findByText(
        '1 section in the program · 3 of 4 students in · opt-out rate 25%',
      ),
    ).toBeVisible();
    expect(
      within(card).getByRole('link', {
        name: 'Inclusive access programs of Fall 2026, Main Campus',
      }),
    ).toHaveAttribute('href', '/inclusive-access/terms/31');
  });

  it('says when no term has a section of the caller', async () => {
    const { calls } = renderDashboard('/dashboard', {
      actions: ['MANAGE_INCLUSIVE_ACCESS'],
      handlers: {
        ...NO_DIVISIONS,
        [`GET ${DASHBOARD}`]: () => json(200, { terms: [], today: '2026-09-01' }),
      },
    });
    expect(await screen.findByText(/No term under way or coming/)).toBeVisible();
    expect(callsTo(calls, 'GET', 'inclusiveAccess/dashboard')).toHaveLength(1);
  });

  it('is not shown or asked for without the action', async () => {
    const { calls } = renderDashboard('/dashboard', {
      actions: ['ADOPT_INSTRUCTOR'],
      handlers: NO_DIVISIONS,
    });
    expect(await screen.findByText('Welcome, Pat Lee.')).toBeVisible();
    await screen.findByRole('heading', { name: 'No division figures for your account' });
    expect(screen.queryByRole('region', { name: 'Inclusive access this term' })).toBeNull();
    expect(callsTo(calls, 'GET', 'inclusiveAccess/dashboard')).toHaveLength(0);
  });
});
