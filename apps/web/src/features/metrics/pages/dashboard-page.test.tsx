import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeDataServer } from '../../../test/data/data-fake-server.ts';
import { getAdoptionProgressSummary } from '@csp/contracts';
import { answer, json } from '../../../test/fetch-stub.ts';
import {
  ADMIN,
  ADOPTION,
  LAW,
  MAIN,
  callsTo,
  progressRow,
  renderDashboard,
} from '../../../test/metrics/metrics-fake-server.ts';
import { loadDataIntegrationPanel } from '../../data/index.ts';

const params = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));
const card = (name: string) => screen.findByRole('region', { name });
const CARDS = [
  'Adoption progress',
  'Order fulfilment',
  'On-time fulfilment',
  'Order types',
  'Market share',
  'Student fulfilment preferences',
];

describe('Dashboard: divisional metrics', { timeout: 30_000 }, () => {
  it('says how the term stands against its adoption deadline once the store has set one', async () => {
    const passed = {
      ...progressRow(1, 10),
      adoptionDeadline: '2020-03-15',
      sectionsLate: 12,
      sectionsMissing: 31,
      sectionsOnTime: 100,
      mostMissingDepartments: [
        { departmentCode: 'CHEM', departmentName: 'Chemistry', missing: 20 },
        { departmentCode: 'ART', departmentName: '', missing: 11 },
      ],
      campaignEmailsSent: 27,
    };
    renderDashboard('/dashboard', {
      handlers: {
        [`GET ${ADOPTION}/getAdoptionProgressSummary`]: () =>
          answer(getAdoptionProgressSummary, { adoptionProgress: [passed, progressRow(2, 20)] }),
      },
    });
    const adoption = await card('Adoption progress');
    expect(
      await within(adoption).findByText(
        'Adoption deadline 03/15/2020 has passed: 50.0% on time, 31 sections still missing, 12 adopted late.',
      ),
    ).toBeVisible();
    // Where to chase: the departments with the most missing, a nameless one by its code.
    expect(within(adoption).getByText('Most missing: Chemistry (20), ART (11).')).toBeVisible();
    // What the term's campaign has done so far.
    expect(within(adoption).getByText('27 campaign e-mails sent.')).toBeVisible();
  });

  it('opens on the first division and its default term, with every card’s figures', async () => {
    const { router, calls } = renderDashboard();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Main Campus', 'School of Law']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Main Campus' });
    expect(within(panel).getByLabelText('Term')).toHaveValue('10');
    for (const name of CARDS) await card(name);
    const fulfilment = await card('Order fulfilment');
    // The gauge is hidden from screen readers; its caption says the share first.
    expect(await within(fulfilment).findByText('1,234 of 1,705 items fulfilled')).toHaveTextContent(
      '72.4%: 1,234 of 1,705 items fulfilled',
    );
    const adoption = await card('Adoption progress');
    expect(await within(adoption).findByText('75.0%')).toBeVisible();
    expect(within(adoption).getByText('adoptions need a response')).toBeVisible();
    // The defaults stay out of the URL; the calls name the division and term.
    expect(router.state.location.search).toBe('');
    expect(callsTo(calls, 'GET', 'getOrderTypes')[0]?.url.search).toBe('?divisionId=1&termId=10');
    expect(callsTo(calls, 'POST', 'divisionFulfillment')[0]?.body).toEqual({
      divisionId: 1,
      termId: 10,
    });
  });

  it('keeps the tab and term in the URL; arrow keys switch tabs', async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard('/dashboard?division=1&term=11');
    const panel = await screen.findByRole('tabpanel', { name: 'Main Campus' });
    expect(within(panel).getByLabelText('Term')).toHaveValue('11');
    // Spring has no orders yet.
    expect(
      await within(await card('Order types')).findByText('No orders for this term yet'),
    ).toBeVisible();

    await user.selectOptions(within(panel).getByLabelText('Term'), '10');
    await waitFor(() =>
      expect(params(router.state.location)).toEqual({ division: '1', term: '10' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Main Campus' }));
    await user.keyboard('{ArrowRight}');
    const law = await screen.findByRole('tabpanel', { name: 'School of Law' });
    expect(screen.getByRole('tab', { name: 'School of Law' })).toHaveFocus();
    // A new division opens on its own default term.
    await waitFor(() => expect(params(router.state.location)).toEqual({ division: '2' }));
    expect(within(law).getByLabelText('Term')).toHaveValue('20');

    await router.navigate(-1);
    expect(await screen.findByRole('tabpanel', { name: 'Main Campus' })).toBeInTheDocument();
  });

  it('shows a failed metric’s own error and retry while the others still show', async () => {
    let fail = true;
    const { calls } = renderDashboard('/dashboard', {
      handlers: {
        'GET /app-rest/admin_portal/v1/7/getOrderTypes': () =>
          fail
            ? json(500, { message: 'boom' })
            : json(200, {
                divisionName: 'Main Campus',
                rentNew: 1,
                rentUsed: 0,
                orderTypesBreakdown: [{ orderType: 'RENT_NEW', count: 1 }],
              }),
      },
    });
    const orderTypes = await card('Order types');
    expect(await within(orderTypes).findByText('Order types could not be loaded.')).toBeVisible();
    expect(within(orderTypes).queryByText('boom')).toBeNull();
    const share = await card('Market share');
    expect(await within(share).findByText('1,234 of 3,577 required materials')).toBeVisible();

    fail = false;
    const before = callsTo(calls, 'GET', 'getOrderTypes').length;
    await userEvent.click(within(orderTypes).getByRole('button', { name: 'Retry Order types' }));
    expect(await within(orderTypes).findByText('1 item · 100.0% rented')).toBeVisible();
    expect(callsTo(calls, 'GET', 'getOrderTypes').length).toBe(before + 1);
    // Nothing else was asked again.
    expect(callsTo(calls, 'GET', 'getMarketShare')).toHaveLength(1);
  });

  it('shows a division’s on-time figure only where the caller may see it, and never asks otherwise', async () => {
    const { calls } = renderDashboard('/dashboard?division=2');
    const panel = await screen.findByRole('tabpanel', { name: 'School of Law' });
    await within(panel).findByRole('region', { name: 'Market share' });
    expect(within(panel).queryByRole('region', { name: 'On-time fulfilment' })).toBeNull();
    expect(within(panel).getAllByRole('region')).toHaveLength(5);
    expect(callsTo(calls, 'POST', 'onTimeOrderFulfillment')).toHaveLength(0);
  });

  it('shows adoption progress to a full reporter who does not adopt', async () => {
    const { calls } = renderDashboard('/dashboard', { actions: ['VIEW_SECTION'] });
    await card('Adoption progress');
    expect(callsTo(calls, 'GET', 'getAdoptionProgressSummary')).toHaveLength(1);
  });

  it("shows the term's zero and low textbook cost shares with their counts, linking to the cost report", async () => {
    const { calls } = renderDashboard();
    const adoption = await card('Adoption progress');
    expect(
      await within(adoption).findByText(/^Zero textbook cost:/, { selector: 'p' }),
    ).toHaveTextContent('Zero textbook cost: 12.5% (5 of 40 sections)');
    expect(within(adoption).getByText(/^Low textbook cost:/, { selector: 'p' })).toHaveTextContent(
      'Low textbook cost: 20.0% (8 of 40 sections)',
    );
    // The report opens on the term whose shares these are, not on the one under way.
    expect(within(adoption).getByRole('link', { name: 'Textbook cost report' })).toHaveAttribute(
      'href',
      '/research/costs?termId=10',
    );
    expect(callsTo(calls, 'GET', 'getCostDesignationShares')[0]?.url.search).toBe(
      '?divisionId=1&termId=10',
    );
  });

  it('shows the shares without the report link to a full reporter who may not see sections', async () => {
    // The cost report's route asks for VIEW_SECTION; the dashboard only for a full reporter.
    renderDashboard('/dashboard', { actions: ['VIEW_TRANSACTIONS'] });
    const adoption = await card('Adoption progress');
    expect(
      await within(adoption).findByText(/^Zero textbook cost:/, { selector: 'p' }),
    ).toBeVisible();
    expect(within(adoption).queryByRole('link', { name: 'Textbook cost report' })).toBeNull();
  });

  it('swaps a chart for a table of the same figures and back', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const prefs = await card('Student fulfilment preferences');
    const toggle = await within(prefs).findByRole('button', {
      name: 'Show table of Student fulfilment preferences',
    });
    await user.click(toggle);
    const table = within(prefs).getByRole('table', {
      name: 'Student fulfilment preferences, Main Campus',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'PreferenceStudentsShare',
      'Pick up in store90060.0%',
      'Ship to student25016.7%',
      'Digital30020.0%',
      'None (opted out)503.3%',
      'All students1,500',
    ]);
    await user.click(
      within(prefs).getByRole('button', { name: 'Show chart of Student fulfilment preferences' }),
    );
    expect(within(prefs).queryByRole('table')).toBeNull();
    expect(
      within(prefs).getByRole('list', { name: 'Students by preference, Main Campus' }),
    ).toBeVisible();
  });

  it('tells someone with no division to report on why the page is quiet, with the welcome', async () => {
    renderDashboard('/dashboard', {
      actions: ['ADOPT_INSTRUCTOR'],
      handlers: {
        'GET /app-rest/admin_portal/v1/7/metricsDivisions': () =>
          json(200, { divisions: [], storeHasDivisions: true }),
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'No division figures for your account' }),
    ).toBeVisible();
    expect(screen.getByText('Welcome, Pat Lee.')).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the staff of a new store, with no division yet, where the courses come from', async () => {
    renderDashboard('/dashboard', {
      actions: ['DATA_FULL_REPORTER', 'DATA_MANAGER'],
      handlers: {
        ...new FakeDataServer().handlers(),
        'GET /app-rest/admin_portal/v1/7/metricsDivisions': () =>
          json(200, { divisions: [], storeHasDivisions: false }),
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'No courses in the store yet' }),
    ).toBeVisible();
    expect(screen.getByText(/which a data manager imports on Data Summary/)).toBeVisible();
    expect(screen.queryByText(/ask your store’s permission administrator/)).toBeNull();
  });

  // Drawn before the divisions answered, the panel sat where the tabs and cards then came and
  // was pushed a screen down as the user read it (issue 26).
  it('shows the data integration panel only once the division tabs are above it', async () => {
    let answerDivisions = () => {};
    const divisionsAsked = new Promise<void>((resolve) => (answerDivisions = resolve));
    renderDashboard('/dashboard', {
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM', 'DATA_FULL_REPORTER'],
      handlers: {
        ...new FakeDataServer().handlers(),
        [`GET ${ADMIN}/metricsDivisions`]: async () => {
          await divisionsAsked;
          return json(200, { divisions: [MAIN, LAW], storeHasDivisions: true });
        },
      },
    });
    expect(await screen.findByText('Welcome, Pat Lee.')).toBeVisible();
    await loadDataIntegrationPanel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Data integration' })).toBeNull();
    answerDivisions();
    const panel = await screen.findByRole('region', { name: 'Data integration' });
    const tabs = screen.getByRole('tablist', { name: 'Divisions' });
    expect(tabs.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names the unknown address it was brought from, in a notice that can be dismissed', async () => {
    const user = userEvent.setup();
    renderDashboard('/dashboard?prev=localhost%2Fnowhere');
    const notice = await screen.findByText(/localhost\/nowhere/);
    await user.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(notice).not.toBeInTheDocument();
    expect(await screen.findAllByRole('tab')).toHaveLength(2);
  });
});
