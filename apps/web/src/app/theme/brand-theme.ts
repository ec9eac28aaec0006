import { createTheme, darken, getContrastRatio } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_BRANDING } from '@csp/contracts';
import type { WebsiteConfig } from '@csp/contracts';

/** WCAG 2.x AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;
const PAGE_BACKGROUND = '#ffffff';

// Brand colours must be opaque for contrast maths; '#rrggbbaa' and '#rgba' lose their alpha.
function opaque(hex: string): string {
  if (hex.length === 9) return hex.slice(0, 7);
  if (hex.length === 5) return hex.slice(0, 4);
  return hex;
}

/**
 * MUI uses the palette's main colour both as text on the page (links, outlined buttons, focused
 * labels) and as a background under white text, so a brand colour too light for either is
 * darkened step by step until it reaches AA against white. Contrast is symmetric, so white
 * text on it then passes too.
 */
export function readableBrandColor(color: string): string {
  const base = opaque(color);
  let result = base;
  for (let step = 1; getContrastRatio(result, PAGE_BACKGROUND) < AA_TEXT_CONTRAST; step++) {
    if (step > 20) return '#000000';
    result = darken(base, step * 0.05);
  }
  return result;
}

type BrandColors = Pick<WebsiteConfig, 'brandPrimaryColor' | 'brandSecondaryColor'>;

/** The site's MUI theme; grey default branding when the website config is missing (docs/behaviour/constants.md). */
export function createBrandTheme(colors: BrandColors | null): Theme {
  const brand = colors ?? DEFAULT_BRANDING;
  return createTheme({
    // For someone whose system asks for reduced motion (WCAG 2.3.3), followed live: dialogs,
    // menus, drawers, tabs and panels appear and go at once, skeletons stop pulsing, and the
    // keyboard focus ripple stands still rather than pulsing (it stays: it shows where focus
    // is). Spinners still turn: they say that something is loading.
    motion: { reducedMotion: 'system' },
    palette: {
      primary: { main: readableBrandColor(brand.brandPrimaryColor) },
      secondary: { main: readableBrandColor(brand.brandSecondaryColor) },
      background: { default: PAGE_BACKGROUND, paper: PAGE_BACKGROUND },
      // MUI's default threshold (3) picks white text that fails AA on mid-tone colours.
      contrastThreshold: AA_TEXT_CONTRAST,
    },
    // Sentence case on every button-like control: MUI's Button, Tab, ToggleButton and Fab all
    // take their type from typography.button, whose default is uppercase. Set here once rather
    // than as a MuiButton override, which would leave tabs and toggles in capitals.
    typography: { button: { textTransform: 'none' } },
  });
}
