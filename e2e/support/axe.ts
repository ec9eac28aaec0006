import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * Every axe-core scan of the end-to-end suite goes through here, so each is run the same way:
 *
 * - Once no CSS transition or finite animation runs: a dialog or button fading in is measured
 *   at part of its contrast, a colour-contrast violation that comes and goes with timing.
 *   Spinners loop forever and are not waited for.
 * - In axe's legacy mode: the default mode finishes each scan in a new blank page of the
 *   context (so that cross-origin frames can be joined), about half of each scan's time here.
 *   The portal has no frames at all (labels open in a tab of their own), and legacy mode would
 *   still scan a same-origin one.
 * - Violations only: the passes, incomplete and inapplicable lists cost time nobody reads.
 */

/** Each violation as "rule: target, target", for a message that says what and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Zero axe-core violations on the whole page (any open dialog and what is behind it). */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}
