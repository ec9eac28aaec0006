/**
 * Screenshots are for a person to look at (docs/testing.md says where they go): CI, where
 * nobody does, skips them (about 55 full-page captures of a run's CPU); E2E_SHOTS=1 takes them
 * there too.
 */
const TAKE_SHOTS = !process.env.CI || process.env.E2E_SHOTS === '1';

/** Anything Playwright can capture: a page or a locator. */
interface Capturable<Options> {
  screenshot(options?: Options): Promise<Buffer>;
}

/** `target.screenshot(options)`, unless CI skips screenshots. */
export async function shot<Options>(target: Capturable<Options>, options: Options): Promise<void> {
  if (TAKE_SHOTS) await target.screenshot(options);
}
