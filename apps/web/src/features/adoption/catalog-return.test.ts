import { afterEach, describe, expect, it } from 'vitest';
import { catalogReturnPath, rememberCatalogSearch } from './catalog-return.ts';

describe('the way back to the catalog', () => {
  afterEach(() => sessionStorage.clear());

  it('leads back to the catalog as the clerk left it', () => {
    expect(catalogReturnPath()).toBe('/adopt');
    rememberCatalogSearch('?q=bio&page=2&sort=courseName');
    expect(catalogReturnPath()).toBe('/adopt?q=bio&page=2&sort=courseName');
    rememberCatalogSearch('');
    expect(catalogReturnPath()).toBe('/adopt');
  });

  it('ignores anything that is not a query string', () => {
    sessionStorage.setItem('adopt.catalogSearch', '//evil.example/path');
    expect(catalogReturnPath()).toBe('/adopt');
  });
});
