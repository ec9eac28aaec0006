import type { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { afterAll, beforeAll } from 'vitest';

type EmotionCache = NonNullable<ReturnType<typeof useEmotionCache>>;

// MUI's style rules are not put in the test document (setup.ts, ADR 0046): jsdom matches every
// element against every rule each time a role query asks whether an element is hidden, which was
// 43% of the screen tests' time. A test file about layout or computed styles asks for them back.
let sheet: EmotionCache['sheet'] | undefined;
let insertRule: EmotionCache['sheet']['insert'] | undefined;
const skipRule: EmotionCache['sheet']['insert'] = () => {};

/** setup.ts: the rules of the app's emotion cache go nowhere from now on (see above). */
export function leaveStyleRulesOut(cache: EmotionCache): void {
  sheet = cache.sheet;
  insertRule ??= cache.sheet.insert.bind(cache.sheet);
  sheet.insert = skipRule;
}

/**
 * For a test file whose assertions read styles (a layout, a sticky bar, a name CSS adds): the
 * app's style rules are in the document during this file, as in a browser.
 */
export function keepStyleRules(): void {
  beforeAll(() => {
    if (!sheet || !insertRule) throw new Error('setup.ts did not register the emotion cache');
    sheet.insert = insertRule;
  });
  afterAll(() => {
    if (sheet) sheet.insert = skipRule;
  });
}
