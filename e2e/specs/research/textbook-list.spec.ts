import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { COST_DESIGNATION_LABELS, getTextbookTerm, TEXTBOOK_CSV_COLUMNS } from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { shot } from '../../support/shots.ts';

/*
 * The public textbook list (HEOA) of each demo website, signed out: its own store only, a
 * department opened to its sections and materials, and the term as CSV.
 */

const COST_LABELS: string[] = Object.values(COST_DESIGNATION_LABELS);

test.describe('public textbook list', () => {
  test('store A lists its departments, opens one to its materials and downloads the term as CSV', async ({
    page,
  }) => {
    await page.goto(`${hostUrl('localhost')}/textbooks`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Textbook List');
    await expect(page.getByText('Demo University', { exact: false }).first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Term' }).click();
    await page
      .getByRole('option', { name: /\(Main Campus\)$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/term=\d+/);
    const biology = page.getByRole('button', { name: /^BIOL · Biology/ });
    await expect(biology).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'BIOL · Biology completeness' }),
    ).toHaveAttribute('aria-valuetext', /^\d+ of \d+ sections? answered, \d+%$/);
    await biology.click();
    const panel = page.getByRole('region').filter({
      has: page.getByRole('heading', { level: 4, name: /^BIOL / }),
    });
    await expect(panel.getByRole('heading', { level: 4 }).first()).toBeVisible();
    await expect(
      panel.getByText(/ISBN 97[89]\d{10}|To Be Determined|No text required/).first(),
    ).toBeVisible();
    // Issue 31: the word to students on the cost chips, and the filter (a labelled select).
    await expect(
      page.getByText(/^Zero textbook cost: the required materials cost nothing/),
    ).toBeVisible();
    await page
      .getByRole('combobox', { name: 'Textbook cost' })
      .selectOption({ label: 'Zero or low textbook cost' });
    await expect(
      page.getByText(/^(Zero|Low) textbook cost$|^No section of this department matches/).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/textbooks with Biology open');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await file.path(), 'utf8');
    const rows = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...TEXTBOOK_CSV_COLUMNS]);
    expect(rows.some((r) => r['Department'] === 'BIOL')).toBe(true);
    const marks = new Set(rows.map((r) => r['Cost designation']));
    expect([...marks].every((m) => COST_LABELS.includes(m ?? ''))).toBe(true);
  });

  test("store B's website lists store B's terms only; store A's term is not found there", async ({
    page,
  }) => {
    await page.goto(`${hostUrl('localhost')}/textbooks`);
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const termA = /termId=(\d+)/.exec(csvHref ?? '')?.[1];
    expect(termA).toBeTruthy();
    await page.goto(`${hostUrl('bookstore-b.localhost')}/textbooks`);
    await expect(page.getByText('Bookstore B', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Demo University')).toHaveCount(0);
    const res = await callApi<{ field?: string }>(
      'bookstore-b.localhost',
      'GET',
      `${getTextbookTerm.path}?termId=${termA}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.field).toBe('termId');
  });

  test('reads on a phone without sideways scrolling and with no axe violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${hostUrl('localhost')}/textbooks`);
    await page.getByRole('combobox', { name: 'Term' }).click();
    await page
      .getByRole('option', { name: /\(Main Campus\)$/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^BIOL · Biology/ }).click();
    await expect(page.getByRole('heading', { level: 4, name: /^BIOL / }).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, { path: test.info().outputPath('textbooks-360.png'), fullPage: true });
    await expectNoAxeViolations(page, '/textbooks at 360px');
  });
});
