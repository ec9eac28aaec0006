import { describe, expect, it } from 'vitest';
import { onApiResponse } from '../../../lib/api-client.ts';
import { FALLBACK_FILENAME, downloadCourseExport, filenameFrom } from './download-export.ts';

describe('filenameFrom', () => {
  it('reads the plain and the UTF-8 forms of Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="catalog-2026-05-01.xlsx"')).toBe(
      'catalog-2026-05-01.xlsx',
    );
    expect(filenameFrom('attachment; filename=catalog.xlsx')).toBe('catalog.xlsx');
    expect(
      filenameFrom(
        `attachment; filename="Cours.xlsx"; filename*=UTF-8''Cours%20%C3%A9t%C3%A9.xlsx`,
      ),
    ).toBe('Cours été.xlsx');
  });

  it('keeps only the name and falls back when there is none', () => {
    expect(filenameFrom('attachment; filename="../../etc/catalog.xlsx"')).toBe('catalog.xlsx');
    expect(filenameFrom(null)).toBe(FALLBACK_FILENAME);
    expect(filenameFrom('attachment')).toBe(FALLBACK_FILENAME);
  });
});

describe('downloadCourseExport', () => {
  it('tells the session about its answer, so a 401 during a download ends the session too', async () => {
    const heard: { status: number; token: string }[] = [];
    const stop = onApiResponse((info) => heard.push({ status: info.status, token: info.token }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ message: 'Your session has ended.' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      })) as typeof fetch;
    try {
      await expect(downloadCourseExport(7, 'token-1', {})).rejects.toMatchObject({
        status: 401,
        message: 'Your session has ended.',
      });
    } finally {
      globalThis.fetch = realFetch;
      stop();
    }
    expect(heard).toEqual([{ status: 401, token: 'token-1' }]);
  });
});
