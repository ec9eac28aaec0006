import { vi } from 'vitest';

/**
 * jsdom has no matchMedia: every media query the page asks is answered by `matches`, and never
 * changes (the listeners are not called).
 */
export function stubMediaQueries(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * jsdom has no layout: media queries answer as a screen `width` pixels wide would, so a page
 * picks its desktop (1280) or phone (360) form. A query about anything but width (reduced
 * motion, say) answers no, as on a screen with the system's defaults.
 */
export function screenWidth(width: number) {
  stubMediaQueries((query) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
    );
  });
}

/** A system that does, or does not, ask for reduced motion (and answers no to anything else). */
export function systemReducesMotion(reduce: boolean) {
  stubMediaQueries((query) => reduce && query.includes('prefers-reduced-motion: reduce'));
}
