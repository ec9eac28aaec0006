import { vi } from 'vitest';

/**
 * jsdom has no layout: media queries answer as a screen `width` pixels wide would, so a page
 * picks its desktop (1280) or phone (360) form. A query about anything but width (reduced
 * motion, say) answers no, as on a screen with the system's defaults.
 */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
