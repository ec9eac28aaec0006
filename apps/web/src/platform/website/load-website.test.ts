import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { CONFIG, WEBSITE } from '../../test/fixtures.ts';
import { loadWebsite } from './load-website.ts';

describe('loadWebsite', () => {
  it('asks for the website by the host rule, then loads its config file', async () => {
    const { calls } = stubFetch({
      'GET /app-rest/portal/v1/website': () => json(200, WEBSITE),
      'GET /site-config/springfield.json': () => json(200, CONFIG),
    });
    await expect(loadWebsite('my.books.pro.example.edu:8443')).resolves.toEqual({
      website: WEBSITE,
      config: CONFIG,
      unknownHost: false,
    });
    expect(calls[0]?.url.searchParams.get('searchString')).toBe('books.example.edu');
  });

  it('keeps the website and falls back to default branding when the config is missing', async () => {
    stubFetch({ 'GET /app-rest/portal/v1/website': () => json(200, WEBSITE) });
    await expect(loadWebsite('localhost')).resolves.toEqual({
      website: WEBSITE,
      config: null,
      unknownHost: false,
    });
  });

  it('keeps working when no website answers for the host, and says the host is unknown', async () => {
    stubFetch({});
    await expect(loadWebsite('unknown.example')).resolves.toEqual({
      website: null,
      config: null,
      unknownHost: true,
    });
  });

  it('does not call the host unknown when the server cannot be reached', async () => {
    stubFetch({ 'GET /app-rest/portal/v1/website': () => json(503, { message: 'Down.' }) });
    await expect(loadWebsite('localhost')).resolves.toEqual({
      website: null,
      config: null,
      unknownHost: false,
    });
  });
});
