import { contrastRatio, WCAG_AA_NORMAL_TEXT, websiteConfig } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEMO_LAW_BRAND,
  DEMO_MAIN_BRAND,
  LARGE_BRAND,
  logoSvg,
  mobileLogoSvg,
  STORE_B_BRAND,
  websiteConfigFor,
} from './branding.ts';

const BRANDS = [DEMO_MAIN_BRAND, DEMO_LAW_BRAND, STORE_B_BRAND, LARGE_BRAND];

describe('seeded branding', () => {
  it.each(BRANDS)('$name colours reach WCAG AA under white text', (brand) => {
    expect(contrastRatio(brand.primary, '#ffffff')).toBeGreaterThanOrEqual(WCAG_AA_NORMAL_TEXT);
    expect(contrastRatio(brand.secondary, '#ffffff')).toBeGreaterThanOrEqual(WCAG_AA_NORMAL_TEXT);
  });

  it('computes known contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it.each(BRANDS)('$name config matches the contract and points at its logos', (brand) => {
    const config = websiteConfigFor(brand);
    expect(websiteConfig.parse(config)).toEqual(config);
    expect(config.logo).toBe(`/site-config/logos/${brand.logoBase}.svg`);
    expect(config.logoMobile).toBe(`/site-config/logos/${brand.logoBase}-mobile.svg`);
  });

  it.each(BRANDS)('$name logos are SVG documents with a title', (brand) => {
    for (const svg of [logoSvg(brand), mobileLogoSvg(brand)]) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain(`<title>${brand.siteTitle}</title>`);
      expect(svg).toContain(`fill="${brand.primary}"`);
    }
  });

  it('draws a long store name smaller, and squeezed into the logo past the smallest size', () => {
    const named = (name: string) => logoSvg({ ...DEMO_MAIN_BRAND, name });
    const nameText = (svg: string) => /<text x="58" y="26"[^>]*>/.exec(svg)?.[0] ?? '';
    expect(nameText(named('Demo Books'))).toContain('font-size="15"');
    expect(nameText(named('Walk Twentynine College Store'))).toMatch(/font-size="(9|1[0-4])"/);
    expect(nameText(named('Walk Twentynine College Store'))).not.toContain('textLength');
    const longest = nameText(named('The University of Somewhere Far Away Campus Bookstore'));
    expect(longest).toContain('font-size="9"');
    expect(longest).toContain('textLength="172" lengthAdjust="spacingAndGlyphs"');
  });

  it('gives every website its own host and config file', () => {
    expect(new Set(BRANDS.map((b) => b.host)).size).toBe(BRANDS.length);
    expect(new Set(BRANDS.map((b) => b.jsonFileName)).size).toBe(BRANDS.length);
  });
});
