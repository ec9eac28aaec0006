import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PRINT_HEALTH_TIMEOUT_MS } from '@csp/contracts';
import { json, offContract, stubFetch } from '../../test/fetch-stub.ts';
import { localPrintClient, LocalPrintError } from './local-print-client.ts';

const ORIGIN = 'http://127.0.0.1:9090';

describe('the local print service client (docs/behaviour/calls.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the service on port 9090 with the spec paths and query names', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/omniprint/healthCheck': () =>
        json(200, { status: 'UP', version: '0.1.0', defaultPrinter: 'PDF' }),
      'PUT /api/v1/omniprint/defaultPrinter': (r) =>
        json(200, { printerName: r.url.searchParams.get('printerName') }),
      'POST /api/v1/omniprint/printLabel': () => json(200, { jobId: 'PDF-3', printerName: 'PDF' }),
    });
    const client = localPrintClient();
    expect((await client.healthCheck()).defaultPrinter).toBe('PDF');
    expect(await client.setDefaultPrinter('Zebra')).toBe('Zebra');
    await client.printLabel('https://store.example/labels/abc');
    expect(calls.map((c) => `${c.method} ${c.url.origin}${c.url.pathname}${c.url.search}`)).toEqual(
      [
        `GET ${ORIGIN}/api/v1/omniprint/healthCheck`,
        `PUT ${ORIGIN}/api/v1/omniprint/defaultPrinter?printerName=Zebra`,
        `POST ${ORIGIN}/api/v1/omniprint/printLabel?labelUrl=${encodeURIComponent('https://store.example/labels/abc')}`,
      ],
    );
  });

  it('gives up the health check after 750 ms (docs/behaviour/constants.md)', async () => {
    const signals: AbortSignal[] = [];
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        if (init.signal) signals.push(init.signal);
        // As a browser does: the fetch fails with the signal's TimeoutError.
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }),
    );
    const attempt = localPrintClient().healthCheck();
    await expect(attempt).rejects.toMatchObject({ status: -1, message: 'timeout' });
    expect(timeout).toHaveBeenCalledWith(LOCAL_PRINT_HEALTH_TIMEOUT_MS);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('tells an unreachable service (status 0) from an answer it cannot read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(localPrintClient().healthCheck()).rejects.toMatchObject({ status: 0 });
    stubFetch({
      'GET /api/v1/omniprint/healthCheck': () => offContract(json(200, { status: 'DOWN' })),
    });
    await expect(localPrintClient().healthCheck()).rejects.toMatchObject({
      status: 200,
      message: expect.stringMatching(/does not understand/) as unknown,
    });
  });

  it("passes on the service's message when it refuses", async () => {
    stubFetch({
      'POST /api/v1/omniprint/printLabel': () =>
        json(503, { message: 'Printer PDF is stopped: Paused by the clerk' }),
    });
    const refusal = localPrintClient().printLabel('https://store.example/labels/abc');
    await expect(refusal).rejects.toBeInstanceOf(LocalPrintError);
    await expect(refusal).rejects.toMatchObject({
      status: 503,
      message: 'Printer PDF is stopped: Paused by the clerk',
    });
  });
});
