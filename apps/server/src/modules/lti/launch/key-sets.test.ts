import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair } from 'jose';
import { KeySetUnreachable, platformKeys } from './key-sets.ts';

/** A platform's key set server: `/keys` a real key set, `/huge` 1 MB, `/slow` no answer. */
async function keySetServer(): Promise<{ server: Server; base: string }> {
  const { publicKey } = await generateKeyPair('RS256');
  const keys = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }],
  });
  const server = createServer((request, response) => {
    if (request.url === '/slow') return; // never answers
    response.setHeader('content-type', 'application/json');
    if (request.url === '/huge') {
      const padding = 'x'.repeat(1024 * 1024);
      return response.end(`{"keys":[],"padding":"${padding}"}`);
    }
    response.end(keys);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const header = { alg: 'RS256', kid: 'k1' };
const token = { payload: '', signature: '', protected: '' };

describe("a platform's key set", () => {
  let platform: Awaited<ReturnType<typeof keySetServer>>;
  beforeAll(async () => {
    platform = await keySetServer();
  });
  afterAll(() => {
    platform.server.closeAllConnections();
    platform.server.close();
  });

  it('is refused as unreachable when it answers more than the size limit', async () => {
    const read = platformKeys(`${platform.base}/huge`)(header, token);
    await expect(read).rejects.toBeInstanceOf(KeySetUnreachable);
    await expect(read).rejects.toThrow(/more than 256 KB/);
  });

  it('is read while another platform keeps its key set waiting', async () => {
    const slow = Promise.resolve(platformKeys(`${platform.base}/slow`)(header, token)).catch(
      (e: unknown) => e,
    );
    const started = Date.now();
    await expect(platformKeys(`${platform.base}/keys`)(header, token)).resolves.toBeDefined();
    expect(Date.now() - started).toBeLessThan(2_000);
    // The slow platform hangs up rather than the test waiting out the 5 s timeout.
    platform.server.closeAllConnections();
    expect(await slow).toBeInstanceOf(KeySetUnreachable);
  });
});
