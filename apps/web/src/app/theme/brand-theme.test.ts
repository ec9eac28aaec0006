import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { DEFAULT_BRANDING } from '@csp/contracts';
import { createBrandTheme, readableBrandColor } from './brand-theme.ts';

describe('brand theme', () => {
  it('keeps a brand colour that already passes AA', () => {
    expect(readableBrandColor('#1565c0')).toBe('#1565c0');
  });

  it.each(['#ffca28', '#9e9e9e', '#8fd', '#00bcd4cc'])(
    'darkens %s until text on white and white on it pass AA',
    (color) => {
      const theme = createBrandTheme({ brandPrimaryColor: color, brandSecondaryColor: color });
      for (const palette of [theme.palette.primary, theme.palette.secondary]) {
        expect(getContrastRatio(palette.main, '#fff')).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(palette.main, palette.contrastText)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('uses the grey default branding without a config', () => {
    const theme = createBrandTheme(null);
    expect(theme.palette.primary.main).toBe(DEFAULT_BRANDING.brandPrimaryColor);
    expect(getContrastRatio(theme.palette.secondary.main, '#fff')).toBeGreaterThanOrEqual(4.5);
  });
});
