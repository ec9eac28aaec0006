/**
 * WCAG 2 contrast maths: brand colours (the seed's, the store command's, the store settings
 * screen's) are checked rather than eyeballed, by the same rule on both sides.
 */

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rgb or #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  let h = hex.replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) throw new Error(`Not a hex colour: ${hex}`);
  const r = parseInt(h.slice(0, 2), 16);
  const g = parseInt(h.slice(2, 4), 16);
  const b = parseInt(h.slice(4, 6), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio between two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text needs 4.5:1. */
export const WCAG_AA_NORMAL_TEXT = 4.5;

/**
 * Brand colours carry white text (the app bar, buttons): each must reach WCAG AA's 4.5:1
 * against white. Null when it does; otherwise what to tell the person who chose it.
 */
export function brandColourProblem(hex: string): string | null {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return 'must be a colour like #1a3d6d';
  const ratio = contrastRatio(hex, '#ffffff');
  return ratio < WCAG_AA_NORMAL_TEXT
    ? `is too light for white text: contrast ${ratio.toFixed(2)}:1, at least ${WCAG_AA_NORMAL_TEXT}:1 needed (choose a darker shade)`
    : null;
}
