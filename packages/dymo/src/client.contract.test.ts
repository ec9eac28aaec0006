// DymoClient against the emulator over real HTTPS (self-signed certificate), loopback only.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DymoClient, type DymoClientOptions } from './client.ts';
import {
  startDymoEmulator,
  type DymoEmulator,
  type DymoEmulatorOptions,
} from './emulator/index.ts';
import { createMemoryStore } from './storage.ts';
import { closeInsecureAgent, insecureFetch } from './test-support/insecure-fetch.ts';
import { unusedPort } from './test-support/ports.ts';

const running: DymoEmulator[] = [];

async function emulator(options: DymoEmulatorOptions = {}): Promise<DymoEmulator> {
  const started = await startDymoEmulator({ port: 0, ...options });
  running.push(started);
  return started;
}

/** A client of the given ports on 127.0.0.1 only, with a fetch that counts its requests. */
function client(ports: number[], options: DymoClientOptions = {}) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(String(input));
    return insecureFetch(input, init);
  };
  const storage = options.storage ?? createMemoryStore();
  return {
    dymo: new DymoClient({ fetch, hosts: ['127.0.0.1'], ports, storage, ...options }),
    urls,
    storage,
  };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

afterAll(async () => {
  await closeInsecureAgent();
});

describe('discovery against the emulator', () => {
  it('finds the service among several ports and remembers it', async () => {
    const service = await emulator();
    const { dymo, storage } = client([await unusedPort(), await unusedPort(), service.port]);
    await expect(dymo.discover()).resolves.toEqual({
      host: '127.0.0.1',
      port: service.port,
      origin: service.origin,
    });
    expect(storage.getItem('ServicePort')).toBe(String(service.port));
    expect(service.requests).toEqual(['StatusConnected']);
  });

  it('asks the cached port alone when it answers', async () => {
    const service = await emulator();
    const { dymo, urls, storage } = client([await unusedPort(), service.port]);
    storage.setItem('ServicePort', String(service.port));
    storage.setItem('ServiceHost', '127.0.0.1');
    await dymo.discover();
    expect(urls).toEqual([`${service.origin}/DYMO/DLS/Printing/StatusConnected`]);
  });

  it('forgets a service that stopped answering and finds it on its new port', async () => {
    const first = await emulator();
    const spare = await unusedPort();
    const { dymo, storage } = client([first.port, spare]);
    await dymo.discover();
    await first.close();
    await expect(dymo.getPrinters()).rejects.toMatchObject({ code: 'SERVICE_UNREACHABLE' });
    expect(dymo.service).toBeNull();
    expect(storage.getItem('ServicePort')).toBeNull();
    const moved = await emulator({ port: spare });
    await expect(dymo.getPrinters()).resolves.toMatchObject([{ name: 'DYMO LabelWriter 450' }]);
    expect(dymo.service?.port).toBe(moved.port);
  });

  it('gives up on a service slower than the discovery time-out', async () => {
    const slow = await emulator({ fault: 'slow', slowMs: 1000 });
    const { dymo } = client([slow.port], { discoveryTimeoutMs: 200 });
    const started = Date.now();
    await expect(dymo.discover()).rejects.toMatchObject({ code: 'SERVICE_UNREACHABLE' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(slow.requests).toEqual(['StatusConnected']);
  });

  it('times out a command the service answers too late', async () => {
    const service = await emulator({ slowMs: 1000 });
    const { dymo } = client([service.port], { commandTimeoutMs: 200 });
    await dymo.discover();
    service.setFault('slow');
    await expect(dymo.getPrinters()).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('refuses a command while discovery runs', async () => {
    const service = await emulator();
    const { dymo } = client([service.port]);
    const discovery = dymo.discover();
    await expect(dymo.getPrinters()).rejects.toMatchObject({ code: 'DISCOVERY_IN_PROGRESS' });
    await discovery;
    expect(service.requests).toEqual(['StatusConnected']);
  });
});
