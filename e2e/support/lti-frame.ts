import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/*
 * The portal inside the learning platform's iframe (issue 33: launches open in the platform's
 * frame). support/axe.ts scans a whole page; a launch's page is a frame of another site's page
 * (the emulator's course page), so its document is scanned here on its own, as framed (its
 * width is the frame's), with axe-core injected into the frame.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), {
  encoding: 'utf8',
});

/** The course page's iframe, once it shows the portal at `path` (a pathname prefix). */
export async function portalFrame(page: Page, origin: string, path: string): Promise<Frame> {
  const iframe = page.locator('iframe[title="Course materials"]');
  await iframe.waitFor();
  const handle = await iframe.elementHandle();
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error('the course page has no frame');
  await frame.waitForURL((url) => url.origin === origin && url.pathname.startsWith(path));
  return frame;
}

/** Each axe-core violation in the frame's own document, as "rule: target, target". */
export async function frameAxeViolations(frame: Frame): Promise<string[]> {
  await frame.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}
