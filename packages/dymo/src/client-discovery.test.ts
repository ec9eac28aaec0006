import { afterEach, describe, expect, it, vi } from 'vitest';
import { DymoClient } from './client.ts';
import { DYMO_MESSAGES } from './messages.ts';
import { createMemoryStore, type KeyValueStore } from './storage.ts';
import { answersOn, fakeService } from './test-support/fake-service.ts';

const hosts = ['127.0.0.1', 'localhost'];
const ports = [41951, 41952, 41953];

afterEach(() => {
  vi.useRealTimers();
});

describe('DymoClient discovery (fake service)', () => {
  it('probes every port on 127.0.0.1 before trying localhost, and remembers what answered', async () => {
    const service = fakeService(answersOn('localhost', 41952));
    const storage = createMemoryStore();
    const client = new DymoClient({ fetch: service.fetch, storage, hosts, ports });
    await expect(client.discover()).resolves.toEqual({
      host: 'localhost',
      port: 41952,
      origin: 'https://localhost:41952',
    });
    expect(service.calls.slice(0, 3).map((c) => `${c.host}:${c.port}`)).toEqual([
      '127.0.0.1:41951',
      '127.0.0.1:41952',
      '127.0.0.1:41953',
    ]);
    expect(service.calls.every((c) => c.command === 'StatusConnected' && c.method === 'GET')).toBe(
      true,
    );
    expect(client.service?.port).toBe(41952);
    expect(storage.getItem('ServicePort')).toBe('41952');
    expect(storage.getItem('ServiceHost')).toBe('localhost');
  });

  it('counts only a 2xx answer as the service', async () => {
    const service = fakeService((call) =>
      call.port === 41951
        ? new Response('nope', { status: 500 })
        : answersOn('127.0.0.1', 41953)(call),
    );
    const client = new DymoClient({ fetch: service.fetch, hosts, ports });
    expect((await client.discover()).port).toBe(41953);
  });

  it('says the service is not installed or not running when nothing answers', async () => {
    const service = fakeService(() => new TypeError('fetch failed'));
    const storage = createMemoryStore();
    storage.setItem('ServicePort', '41951');
    storage.setItem('ServiceHost', '127.0.0.1');
    const client = new DymoClient({ fetch: service.fetch, storage, hosts, ports });
    await expect(client.discover()).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      message: DYMO_MESSAGES.serviceUnreachable,
    });
    expect(service.calls).toHaveLength(1 + 2 * ports.length);
    expect(storage.getItem('ServicePort')).toBeNull();
    expect(client.service).toBeNull();
  });

  it('tries the cached host and port alone first', async () => {
    const service = fakeService(answersOn('127.0.0.1', 41953));
    const storage = createMemoryStore();
    storage.setItem('ServicePort', '41953');
    storage.setItem('ServiceHost', '127.0.0.1');
    const client = new DymoClient({ fetch: service.fetch, storage, hosts, ports });
    await client.discover();
    expect(service.calls.map((c) => c.url)).toEqual([
      'https://127.0.0.1:41953/DYMO/DLS/Printing/StatusConnected',
    ]);
  });

  it('ignores a cached host or port it would not probe itself', async () => {
    const service = fakeService(answersOn('127.0.0.1', 41951));
    const storage = createMemoryStore();
    storage.setItem('ServicePort', '443');
    storage.setItem('ServiceHost', 'collector.example');
    const client = new DymoClient({ fetch: service.fetch, storage, hosts, ports });
    await client.discover();
    expect(service.calls.some((c) => c.host === 'collector.example' || c.port === 443)).toBe(false);
    expect(storage.getItem('ServiceHost')).toBe('127.0.0.1');
  });

  it('shares one discovery between concurrent callers', async () => {
    const service = fakeService(answersOn('127.0.0.1', 41951));
    const client = new DymoClient({ fetch: service.fetch, hosts, ports });
    const first = client.discover();
    expect(client.discover()).toBe(first);
    expect(client.discovering).toBe(true);
    await first;
    expect(client.discovering).toBe(false);
    expect(service.calls).toHaveLength(ports.length);
  });

  it('refuses commands while a discovery runs, without sending them', async () => {
    const service = fakeService(answersOn('127.0.0.1', 41951));
    const client = new DymoClient({ fetch: service.fetch, hosts, ports });
    const discovery = client.discover();
    await expect(client.getPrinters()).rejects.toMatchObject({
      code: 'DISCOVERY_IN_PROGRESS',
      message: expect.stringContaining('service discovery is in progress') as unknown,
    });
    await discovery;
    expect(service.calls.filter((c) => c.command === 'GetPrinters')).toHaveLength(0);
    await expect(client.getPrinters()).resolves.toHaveLength(1);
  });

  it('gives each probe 3 s by default', async () => {
    vi.useFakeTimers();
    const service = fakeService(() => 'hang');
    const client = new DymoClient({ fetch: service.fetch, hosts: ['127.0.0.1'], ports });
    const outcome = client.discover().then(
      () => 'found',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(client.discovering).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ code: 'SERVICE_UNREACHABLE' });
  });

  it('keeps working when the store throws (storage disabled in the browser)', async () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const service = fakeService(answersOn('127.0.0.1', 41952));
    const client = new DymoClient({ fetch: service.fetch, storage: broken, hosts, ports });
    await expect(client.discover()).resolves.toMatchObject({ port: 41952 });
  });

  it('points the certificate check at the found service, else the first host and port', async () => {
    const service = fakeService(answersOn('127.0.0.1', 41953));
    const client = new DymoClient({ fetch: service.fetch, hosts, ports });
    expect(client.certificateCheckUrl()).toBe('https://127.0.0.1:41951/DYMO/DLS/Printing/Check');
    await client.discover();
    expect(client.certificateCheckUrl()).toBe('https://127.0.0.1:41953/DYMO/DLS/Printing/Check');
    expect(new DymoClient().certificateCheckUrl()).toBe(
      'https://127.0.0.1:41951/DYMO/DLS/Printing/Check',
    );
  });
});
