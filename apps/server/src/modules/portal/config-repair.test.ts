import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@csp/contracts';
import { decodeAssetContent } from './asset-content.ts';
import { repairWebsiteConfig } from './config-repair.ts';

describe('repairWebsiteConfig', () => {
  it('keeps a valid config as it is', () => {
    const good = {
      brandPrimaryColor: '#1a3d6d',
      brandSecondaryColor: '#c8102e',
      logo: '/site-config/logos/a.svg',
      logoMobile: '/site-config/logos/a-mobile.svg',
      logoWidth: 220,
      logoHeight: 60,
      logoMobileHeight: 36,
      googleTagManagerHeader: '',
      googleTagManagerBody: '',
    };
    expect(repairWebsiteConfig(good)).toEqual({ config: good, repaired: [] });
  });

  it('replaces only the missing or malformed fields, with grey branding', () => {
    const { config, repaired } = repairWebsiteConfig({
      brandPrimaryColor: 'navy',
      brandSecondaryColor: '#c8102e',
      logo: '/l.svg',
    });
    expect(config.brandPrimaryColor).toBe(DEFAULT_BRANDING.brandPrimaryColor);
    expect(config.brandSecondaryColor).toBe('#c8102e');
    expect(config.logo).toBe('/l.svg');
    expect(config.googleTagManagerBody).toBe('');
    expect(repaired).toContain('brandPrimaryColor');
    expect(repaired).toContain('googleTagManagerBody');
    expect(repaired).not.toContain('logo');
  });

  it('survives a config that is not an object at all', () => {
    expect(repairWebsiteConfig(null).config.brandPrimaryColor).toBe(
      DEFAULT_BRANDING.brandPrimaryColor,
    );
  });
});

describe('decodeAssetContent', () => {
  it('serves a data URL with a broken percent-escape as stored instead of failing', () => {
    expect(decodeAssetContent('image/svg+xml', 'data:image/svg+xml,%E0%A4%A').toString()).toBe(
      '%E0%A4%A',
    );
  });
});
