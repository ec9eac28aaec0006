import { ON_TIME_REFUSAL, getScheduleFeed, type ScheduleFeedSection } from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  METRIC_CARDS,
  callOnTime,
  expectCardLoaded,
  expectCardsLoaded,
  holdFigureCalls,
  metricCard,
  metricsDivisions,
} from '../../support/metrics.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { shot } from '../../support/shots.ts';

/*
 * /dashboard against the demo seed, as the "done when" walks it: the administrator's
 * tab per division with six cards that load on their own, one failing alone, a reporter
 * without VIEW_ONTIME_PERCENTAGE seeing no on-time figure and refused it by the API, the
 * keyboard, the `prev` notice, and a phone. Nothing here changes data.
 */

const WITHOUT_ON_TIME = METRIC_CARDS.filter((name) => name !== 'On-time fulfilment');

test.describe('dashboard', () => {
  test('the administrator sees a tab per division in name order, each with six cards', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
    const divisions = await metricsDivisions(session);
    const names = divisions.map((d) => d.divisionName);
    expect(names).toEqual(['Main Campus', 'Online & Continuing Education', 'School of Law']);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/dashboard`);
    await expect(page.getByText(`Welcome, ${session.name}.`)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Divisions' }).getByRole('tab');
    await expect(tabs).toHaveText(names);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expectCardsLoaded(page, METRIC_CARDS);
    // The figures are drawn: a gauge, bars and a ring.
    const panel = page.getByRole('tabpanel', { name: names[0] });
    await expect(metricCard(panel, 'Order fulfilment').locator('svg').first()).toBeVisible();
    await expect(metricCard(panel, 'Order types').locator('svg').first()).toBeVisible();
    // The term's ZTC and LTC shares, counted here from the registrar's public feed of the term.
    const feed = await callApi<{ sections: ScheduleFeedSection[] }>(
      'localhost',
      'GET',
      `${getScheduleFeed.path}?termId=${divisions[0]!.defaultTermId}`,
    );
    const all = feed.body.sections.length;
    const share = (designation: string) => {
      const n = feed.body.sections.filter((s) => s.designation === designation).length;
      const percent = `${(Math.round((n * 1000) / all) / 10).toFixed(1)}%`;
      return `${percent} (${n.toLocaleString('en-US')} of ${all.toLocaleString('en-US')} sections)`;
    };
    const adoption = metricCard(panel, 'Adoption progress');
    await expect(adoption).toContainText(`Zero textbook cost: ${share('ZTC')}`);
    await expect(adoption).toContainText(`Low textbook cost: ${share('LTC')}`);
    await expect(adoption.getByRole('link', { name: 'Textbook cost report' })).toHaveAttribute(
      'href',
      `/research/costs?termId=${divisions[0]!.defaultTermId}`,
    );
    await expectNoAxeViolations(page, '/dashboard at 1280x800');
    await shot(page, { path: test.info().outputPath('dashboard-1280.png'), fullPage: true });

    for (const [index, division] of divisions.entries()) {
      if (index === 0) continue;
      await tabs.nth(index).click();
      await expect(page).toHaveURL(new RegExp(`division=${division.divisionId}`));
      await expectCardsLoaded(page, division.canViewOnTime ? METRIC_CARDS : WITHOUT_ON_TIME);
    }
    await context.close();
  });

  test("the charts' code is fetched while the cards' figures are still loading", async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    // Every figure call is held until the charts' chunk has been asked for: before, the chunk
    // came only with the first chart drawn, so this test waited in vain.
    const { release } = await holdFigureCalls(page);
    const chartsChunk = page.waitForRequest((request) =>
      /\/metric-charts-[^/]*\.js$/.test(request.url()),
    );
    await page.goto(`${baseUrl}/dashboard`);
    await chartsChunk;
    release();
    await expectCardsLoaded(page, METRIC_CARDS);
    await context.close();
  });

  test('a metric that fails shows its own error and retry while the other five show', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    await page.route('**/getOrderTypes?*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await page.goto(`${baseUrl}/dashboard`);
    const orderTypes = metricCard(page, 'Order types');
    await expect(orderTypes.getByRole('alert')).toHaveText(/Order types could not be loaded\./);
    for (const name of METRIC_CARDS.filter((n) => n !== 'Order types')) {
      await expectCardLoaded(metricCard(page, name));
    }
    await expectNoAxeViolations(page, 'a card in its error state');

    await page.unroute('**/getOrderTypes?*');
    await orderTypes.getByRole('button', { name: 'Retry Order types' }).click();
    await expectCardLoaded(orderTypes);
    await context.close();
  });

  test('a reporter without VIEW_ONTIME_PERCENTAGE sees no on-time card and the API refuses it', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const divisions = await metricsDivisions(session);
    expect(divisions.length).toBeGreaterThan(0);
    expect(divisions.every((d) => !d.canViewOnTime)).toBe(true);

    await page.goto(`${baseUrl}/dashboard`);
    await expectCardsLoaded(page, WITHOUT_ON_TIME);
    await expect(metricCard(page, 'On-time fulfilment')).toHaveCount(0);
    expect(requested.filter((url) => url.includes('onTimeOrderFulfillment'))).toEqual([]);

    const [first] = divisions;
    const refused = await callOnTime(session, first!.divisionId, first!.defaultTermId!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ON_TIME_REFUSAL);
    // The same call as the administrator answers: the refusal is the permission, not the call.
    const admin = await newLoggedInContext(browser, 'admin');
    const allowed = await callOnTime(admin.session, first!.divisionId, first!.defaultTermId!);
    expect(allowed.status).toBe(200);
    await admin.context.close();
    await context.close();
  });

  test('works from the keyboard: arrow keys switch tabs, a table toggles, reload keeps the tab', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
    const [first, second] = await metricsDivisions(session);
    await page.goto(`${baseUrl}/dashboard`);
    const firstTab = page.getByRole('tab', { name: first!.divisionName });
    await expect(firstTab).toHaveAttribute('aria-selected', 'true');
    await firstTab.focus();
    await page.keyboard.press('ArrowRight');
    const secondTab = page.getByRole('tab', { name: second!.divisionName });
    await expect(secondTab).toBeFocused();
    await expect(secondTab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`division=${second!.divisionId}`));
    const panel = page.getByRole('tabpanel', { name: second!.divisionName });
    await expect(panel).toBeVisible();

    const orderTypes = metricCard(panel, 'Order types');
    const toggle = orderTypes.getByRole('button', { name: 'Show table of Order types' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const table = orderTypes.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText([
      'Rent new',
      'Rent used',
      'Buy new',
      'Buy used',
      'Digital',
      'All items',
    ]);
    await expect(table.getByRole('row').last()).toHaveText(/^All items[\d,]+$/);
    await expectNoAxeViolations(page, 'order types as a table');
    await expect(
      orderTypes.getByRole('button', { name: 'Show chart of Order types' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(table).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('tab', { name: second!.divisionName })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await context.close();
  });

  test('names the unknown address it came from in a notice that can be dismissed', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    await page.goto(`${baseUrl}/no/such/page`);
    await expect(page).toHaveURL(/\/dashboard\?prev=/);
    const prev = new URL(page.url()).searchParams.get('prev')!;
    const notice = page.getByRole('status').filter({ hasText: `“${prev}”` });
    await expect(notice).toBeVisible();
    // The notice and the figures are independent: the tabs show with it.
    await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await notice.getByRole('button', { name: 'Dismiss this notice' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    // Gone from the address too: a reload does not bring it back.
    await expect(page).not.toHaveURL(/prev=/);
    await page.reload();
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(page.getByText(`“${prev}”`)).toHaveCount(0);
    await context.close();
  });

  test('on a phone the cards stack in one column, nothing scrolls sideways, no axe violations', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl}/dashboard`);
    await expectCardsLoaded(page, METRIC_CARDS);
    const boxes = await Promise.all(
      METRIC_CARDS.map((name) => metricCard(page, name).boundingBox()),
    );
    const lefts = new Set(boxes.map((b) => Math.round(b!.x)));
    expect(lefts.size, 'one column').toBe(1);
    for (const [i, box] of boxes.entries()) {
      if (i > 0) expect(box!.y).toBeGreaterThan(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoAxeViolations(page, '/dashboard at 360x740');
    await shot(page, { path: test.info().outputPath('dashboard-360.png'), fullPage: true });
    await context.close();
  });

  test('on a phone no card moves when the figures arrive: each keeps its place from the start', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    await page.setViewportSize({ width: 360, height: 740 });
    const { release } = await holdFigureCalls(page);
    await page.goto(`${baseUrl}/dashboard`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(METRIC_CARDS.length);
    const tops = async () =>
      Promise.all(
        METRIC_CARDS.map(async (name) => (await metricCard(panel, name).boundingBox())!.y),
      );
    const whileLoading = await tops();
    release();
    await expectCardsLoaded(page, METRIC_CARDS);
    expect(await tops()).toEqual(whileLoading);
    await context.close();
  });

  test('someone with no division to report on is welcomed and told why, with no tabs', async ({
    browser,
  }) => {
    for (const key of ['instructor', 'submitter'] as const) {
      const { context, page, session, baseUrl } = await newLoggedInContext(browser, key);
      expect(await metricsDivisions(session)).toEqual([]);
      await page.goto(`${baseUrl}/dashboard`);
      await expect(page.getByText(`Welcome, ${session.name}.`)).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'No division figures for your account' }),
      ).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      // Neither holds DATA_FULL_REPORTER or DATA_MANAGER (docs/behaviour/roles.md).
      await expect(page.getByRole('heading', { name: 'Data integration' })).toHaveCount(0);
      await expectNoAxeViolations(page, `/dashboard as ${key}`);
      await context.close();
    }
  });

  test('a full reporter sees the last import of each feed; only a data manager is offered the Data Summary', async ({
    browser,
  }) => {
    for (const [key, manager] of [
      ['reporter', false],
      ['cma', true],
    ] as const) {
      const { context, page, baseUrl } = await newLoggedInContext(browser, key);
      await page.goto(`${baseUrl}/dashboard`);
      const panel = page.getByRole('region', { name: 'Data integration' });
      await expect(panel.getByText('Courses and sections')).toBeVisible();
      await expect(panel.getByText('Students and enrollments')).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Open the Data Summary' })).toHaveCount(
        manager ? 1 : 0,
      );
      await context.close();
    }
  });
});
