import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActionName } from '@csp/contracts';
import { AppProviders } from '../../../app/app-providers.tsx';
import { createAppServices } from '../../../app/app-services.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { CONFIG, WEBSITE, sessionResponse } from '../../../test/fixtures.ts';
import { DataIntegrationPanel } from '../index.ts';
import { importSummary } from '../../../test/data/data-fixtures.ts';
import { BASE, FakeDataServer } from '../../../test/data/data-fake-server.ts';

/** The panel as the dashboard embeds it, for a signed-in user holding `actions`. */
async function renderPanel(actions: ActionName[], server = new FakeDataServer()) {
  stubFetch({
    'GET /app-rest/portal/v1/website': () => json(200, WEBSITE),
    [`GET /site-config/${WEBSITE.jsonFileName}`]: () => json(200, CONFIG),
    'POST /app-rest/admin_portal/v1/account/login': () => json(200, sessionResponse({ actions })),
    ...server.handlers(),
  });
  const services = createAppServices();
  await services.sessionStore.login('pat@example.edu', 'secret');
  render(
    <AppProviders services={services}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <DataIntegrationPanel />
        </Suspense>
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.findByRole('region', { name: 'Data integration' }, { timeout: 10_000 });
}

describe('the dashboard’s data integration panel', { timeout: 20_000 }, () => {
  it('shows a full reporter each feed’s last import, without the way to the Data Summary', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({ status: 'APPLIED', appliedAt: '2026-11-25T15:00:00.000Z' });
    const panel = await renderPanel(['DATA_FULL_REPORTER'], server);
    const sections = (await within(panel).findByText('Courses and sections')).closest('li');
    expect(sections).toHaveTextContent('Applied');
    expect(sections).toHaveTextContent('11/25/2026');
    expect(within(panel).getByText('Professors').closest('li')).toHaveTextContent(
      'No import yet.',
    );
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('links a data manager to the Data Summary', async () => {
    const panel = await renderPanel(['DATA_MANAGER']);
    expect(await within(panel).findByRole('link', { name: 'Open the Data Summary' })).toHaveAttribute(
      'href',
      '/data-summary',
    );
  });

  it('says why when the status cannot be loaded, and offers to try again', async () => {
    const server = new FakeDataServer();
    const handlers = server.handlers();
    server.handlers = () => ({
      ...handlers,
      [`GET ${BASE}/status`]: () => json(503, { message: 'The database is restarting.' }),
    });
    const panel = await renderPanel(['DATA_FULL_REPORTER'], server);
    expect(await within(panel).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Could not load the data integration status: The database is restarting.',
    );
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
