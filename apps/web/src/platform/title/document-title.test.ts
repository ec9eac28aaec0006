import { describe, expect, it } from 'vitest';
import { documentTitle, siteTitleOf } from './document-title.ts';

const site = (siteTitle: string, name = 'Springfield University') => ({ siteTitle, name });

describe('siteTitleOf', () => {
  it.each([
    ['Springfield University Campus Store', 'Springfield University'],
    ['Campus Store - Springfield University', 'Springfield University'],
    ['Springfield | Campus Store | Books', 'Springfield | Books'],
    ['Springfield Campus Store Bookshop', 'Springfield Bookshop'],
    ['  Springfield   University  ', 'Springfield University'],
    ['Books, Supplies & More', 'Books, Supplies & More'],
    ['campus store: Shelbyville', 'Shelbyville'],
  ])('%j becomes %j', (siteTitle, expected) => {
    expect(siteTitleOf(site(siteTitle))).toBe(expected);
  });

  it('uses the website name when nothing is left', () => {
    expect(siteTitleOf(site('Campus Store'))).toBe('Springfield University');
    expect(siteTitleOf(site(' - Campus Store - '))).toBe('Springfield University');
  });

  it('has a fallback before the website is known', () => {
    expect(siteTitleOf(null)).toBe('Course Materials Portal');
  });
});

describe('documentTitle', () => {
  const website = site('Springfield University Campus Store');

  it("is '{page} - {site title}'", () => {
    expect(documentTitle({ name: 'SectionResearch', title: 'Section Research' }, website)).toBe(
      'Section Research - Springfield University',
    );
    expect(documentTitle({ title: 'Help' }, website)).toBe('Help - Springfield University');
  });

  it('omits the page on Login and Dashboard', () => {
    expect(documentTitle({ name: 'Login', title: 'Sign in' }, website)).toBe(
      'Springfield University',
    );
    expect(documentTitle({ name: 'Dashboard', title: 'Dashboard' }, website)).toBe(
      'Springfield University',
    );
  });
});
