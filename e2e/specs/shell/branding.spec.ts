import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

async function brandColour(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(button).toBeVisible();
  return button.evaluate((el) => getComputedStyle(el).backgroundColor);
}

test.describe('per-website branding', () => {
  test('the two websites of the demo store and store B each show their own brand', async ({
    page,
  }) => {
    const colours: Record<string, string> = {};
    const logos: Record<string, string | null> = {};
    for (const host of ['localhost', '127.0.0.1', 'bookstore-b.localhost'] as const) {
      await page.goto(`${hostUrl(host)}/login`);
      colours[host] = await brandColour(page);
      logos[host] = await page.getByRole('img').first().getAttribute('src');
    }
    expect(new Set(Object.values(colours)).size).toBe(3);
    expect(new Set(Object.values(logos)).size).toBe(3);
    await page.goto(`${hostUrl('127.0.0.1')}/login`);
    await expect(page).toHaveTitle('Demo University Law');
  });

  test('the website config and logo are served to the browser', async ({ page }) => {
    const res = await page.request.get(`${hostUrl('localhost')}/site-config/demo-university.json`);
    expect(res.ok()).toBe(true);
    const config = (await res.json()) as { brandPrimaryColor: string; logo: string };
    expect(config.brandPrimaryColor).toMatch(/^#/);
    const logo = await page.request.get(`${hostUrl('localhost')}${config.logo}`);
    expect(logo.headers()['content-type']).toContain('image/svg+xml');
  });
});
