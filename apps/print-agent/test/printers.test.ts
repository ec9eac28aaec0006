import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  getLocalDefaultPrinter,
  LOCAL_PRINT_HEALTH_TIMEOUT_MS,
  localHealthCheck,
  localPrinters,
  setLocalDefaultPrinter,
} from '@csp/contracts';
import { HEALTH_CUPS_BUDGET_MS } from '../src/routes.ts';
import { agentVersion } from '../src/version.ts';
import { tempDir, testAgent } from './support/agent.ts';
import { FakeCups } from './support/fake-cups.ts';

describe('printers, default printer and health', () => {
  const tmp = tempDir();
  const apps: FastifyInstance[] = [];
  let n = 0;
  const agent = async (cups: FakeCups, stateFile = join(tmp.dir, `state-${n++}.json`)) => {
    const app = await testAgent({ stateFile }, { cups });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => tmp.remove());

  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
  const put = (app: FastifyInstance, printerName?: string) =>
    app.inject({
      method: 'PUT',
      url: setLocalDefaultPrinter.path,
      query: printerName === undefined ? {} : { printerName },
    });

  const twoPrinters = () => {
    const cups = new FakeCups([
      { name: 'Dymo', description: 'DYMO LabelWriter 450' },
      { name: 'Office', state: 'stopped', reason: 'Paper jam' },
    ]);
    cups.defaultName = 'Office';
    return cups;
  };

  it('reports UP, its version and the printer labels go to', async () => {
    const app = await agent(twoPrinters());
    const res = await get(app, localHealthCheck.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP', version: agentVersion(), defaultPrinter: 'Office' });
    expect(agentVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('stays UP with no default when CUPS is down', async () => {
    const cups = twoPrinters();
    cups.down = true;
    const res = await get(await agent(cups), localHealthCheck.path);
    expect(res.json()).toMatchObject({ status: 'UP', defaultPrinter: null });
  });

  it('does not wait on a CUPS that is slow to name its default', async () => {
    const cups = twoPrinters();
    cups.cupsDefault = () => new Promise<string | null>(() => undefined); // never answers
    const app = await agent(cups);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = get(app, localHealthCheck.path);
      await vi.advanceTimersByTimeAsync(HEALTH_CUPS_BUDGET_MS);
      const res = await pending;
      expect(res.json()).toMatchObject({ status: 'UP', defaultPrinter: null });
    } finally {
      vi.useRealTimers();
    }
    expect(HEALTH_CUPS_BUDGET_MS).toBeLessThan(LOCAL_PRINT_HEALTH_TIMEOUT_MS);
  });

  it('lists the printers, marking the one labels go to', async () => {
    const res = await get(await agent(twoPrinters()), localPrinters.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        name: 'Dymo',
        description: 'DYMO LabelWriter 450',
        state: 'idle',
        accepting: true,
        reason: '',
        isDefault: false,
      },
      {
        name: 'Office',
        description: 'Office',
        state: 'stopped',
        accepting: true,
        reason: 'Paper jam',
        isDefault: true,
      },
    ]);
  });

  it('answers 503 for the printer list when CUPS is not running', async () => {
    const cups = twoPrinters();
    cups.down = true;
    const res = await get(await agent(cups), localPrinters.path);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: expect.stringContaining('CUPS is not running') });
  });

  it("falls back to CUPS's default, then to null", async () => {
    const cups = twoPrinters();
    const app = await agent(cups);
    expect((await get(app, getLocalDefaultPrinter.path)).json()).toEqual({ printerName: 'Office' });
    cups.defaultName = null;
    expect((await get(app, getLocalDefaultPrinter.path)).json()).toEqual({ printerName: null });
  });

  it('picks a printer (CUPS names are case-insensitive) and keeps it across restarts', async () => {
    const stateFile = join(tmp.dir, 'kept', 'state.json');
    const first = await agent(twoPrinters(), stateFile);
    const res = await put(first, 'dymo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ printerName: 'Dymo' });
    expect((await get(first, localPrinters.path)).json()).toMatchObject([
      { name: 'Dymo', isDefault: true },
      { name: 'Office', isDefault: false },
    ]);
    await first.close();

    const second = await agent(twoPrinters(), stateFile);
    expect((await get(second, getLocalDefaultPrinter.path)).json()).toEqual({
      printerName: 'Dymo',
    });
    expect((await get(second, localHealthCheck.path)).json()).toMatchObject({
      defaultPrinter: 'Dymo',
    });
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ defaultPrinter: 'Dymo' });
    // Written atomically: no temporary file is left beside it.
    expect(readdirSync(join(tmp.dir, 'kept'))).toEqual(['state.json']);
  });

  it('answers 404 naming printerName for a printer CUPS does not know, keeping the choice', async () => {
    const app = await agent(twoPrinters());
    await put(app, 'Dymo');
    const res = await put(app, 'Ghost');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'CUPS has no printer named Ghost.',
      field: 'printerName',
    });
    expect((await get(app, getLocalDefaultPrinter.path)).json()).toEqual({ printerName: 'Dymo' });
  });

  it.each([
    [undefined, 'printerName: printerName is required'],
    ['   ', 'Pick a printer'],
    ['x'.repeat(128), 'printerName'],
  ])('answers 400 naming printerName for %j', async (printerName, message) => {
    const res = await put(await agent(twoPrinters()), printerName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message), field: 'printerName' });
  });

  it('answers 503 to a pick when CUPS is not running', async () => {
    const cups = twoPrinters();
    cups.down = true;
    const res = await put(await agent(cups), 'Dymo');
    expect(res.statusCode).toBe(503);
  });

  it('starts with no pick from a damaged state file, and repairs it on the next pick', async () => {
    const stateFile = join(tmp.dir, 'damaged.json');
    writeFileSync(stateFile, '{"defaultPrinter": ');
    const cups = twoPrinters();
    cups.defaultName = null;
    const app = await agent(cups, stateFile);
    expect((await get(app, getLocalDefaultPrinter.path)).json()).toEqual({ printerName: null });
    expect((await put(app, 'Dymo')).statusCode).toBe(200);
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ defaultPrinter: 'Dymo' });
  });

  it('answers 500 with a clear message when the state cannot be saved', async () => {
    const blocker = join(tmp.dir, 'a-file');
    writeFileSync(blocker, '');
    const app = await agent(twoPrinters(), join(blocker, 'state.json'));
    const res = await put(app, 'Dymo');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/could not save its settings in .*a-file/);
  });

  it('lists nothing (200) when CUPS has no printer', async () => {
    const res = await get(await agent(new FakeCups()), localPrinters.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
