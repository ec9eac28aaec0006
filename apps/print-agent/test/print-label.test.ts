import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { printLocalLabel } from '@csp/contracts';
import { DEFAULT_LABEL_TITLE } from '../src/label-title.ts';
import { LOOPBACK_HOST, tempDir, testAgent } from './support/agent.ts';
import { FakeCups, printer } from './support/fake-cups.ts';
import { labelPdf } from './support/label-pdf.ts';
import { servePdf, startPortal, type Portal } from './support/portal.ts';

const MAX_BYTES = 64 * 1024;
// The hanging portal's test waits this long; the real downloads must finish well within it even
// on a loaded CI machine (300 ms once failed the first download there with a 502).
const TIMEOUT_MS = 1500;

describe('printLabel', () => {
  const tmp = tempDir();
  const logLines: string[] = [];
  let portal: Portal;
  let app: FastifyInstance;
  let cups: FakeCups;
  const pdf = labelPdf('RETURN TO CAMPUS STORE');

  beforeAll(async () => {
    portal = await startPortal();
    cups = new FakeCups();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'state.json') },
      { cups, download: { maxBytes: MAX_BYTES, timeoutMs: TIMEOUT_MS }, logger: { stream } },
    );
    portal.on('/label/ok', servePdf(pdf, 'rental-label-1042.pdf'));
    portal.on('/label/unnamed', servePdf(pdf));
  });
  afterAll(async () => {
    await app.close();
    await portal.close();
    tmp.remove();
  });
  const pick = async (printerName: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/omniprint/defaultPrinter',
      query: { printerName },
    });
    expect(res.statusCode).toBe(200);
  };
  beforeEach(async () => {
    cups.printerList = [printer({ name: 'Dymo' }), printer({ name: 'Office' })];
    cups.defaultName = 'Dymo';
    cups.down = false;
    await pick('Dymo');
    cups.jobs = [];
  });

  const print = (labelUrl: string | undefined, origin = portal.origin) =>
    app.inject({
      method: 'POST',
      url: printLocalLabel.path,
      query: labelUrl === undefined ? {} : { labelUrl },
      headers: { host: LOOPBACK_HOST, origin },
    });

  it('downloads the label from the portal and sends it to the default printer', async () => {
    const res = await print(portal.url('/label/ok?token=secret-capability'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jobId: 'Dymo-1', printerName: 'Dymo' });
    expect(res.headers['access-control-allow-origin']).toBe(portal.origin);
    expect(cups.jobs).toHaveLength(1);
    expect(cups.jobs[0]).toMatchObject({ printer: 'Dymo', title: 'rental-label-1042.pdf' });
    expect(Buffer.from(cups.jobs[0]!.pdf).equals(pdf)).toBe(true);
  });

  it('logs one line per job with the printer, job and origin, never the label URL', async () => {
    await print(portal.url('/label/ok?token=secret-capability'));
    const jobLines = logLines.filter((line) => line.includes('label sent to the printer'));
    expect(jobLines.length).toBeGreaterThan(0);
    expect(JSON.parse(jobLines.at(-1)!)).toMatchObject({
      printer: 'Dymo',
      jobId: 'Dymo-1',
      labelOrigin: portal.origin,
    });
    expect(logLines.join('')).not.toContain('secret-capability');
  });

  it('titles an unnamed label "Campus Store label"', async () => {
    expect((await print(portal.url('/label/unnamed'))).statusCode).toBe(200);
    expect(cups.jobs[0]?.title).toBe(DEFAULT_LABEL_TITLE);
    expect(DEFAULT_LABEL_TITLE).toBe('Campus Store label');
  });

  it('uses the printer picked over CUPS default', async () => {
    await pick('Office');
    const res = await print(portal.url('/label/ok'));
    expect(res.json()).toEqual({ jobId: 'Office-1', printerName: 'Office' });
  });

  it.each([
    ['another origin', 'https://evil.example/label/ok'],
    ['another port of the portal host', 'http://127.0.0.1:1/label/ok'],
    ['the localhost name of the portal', 'http://localhost:1/label/ok'],
  ])('refuses a label URL of %s (403 naming labelUrl), fetching nothing', async (_, url) => {
    const before = portal.requests.length;
    const res = await print(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: expect.stringContaining(new URL(url).origin),
      field: 'labelUrl',
    });
    expect(portal.requests.length).toBe(before);
    expect(cups.jobs).toEqual([]);
  });

  it.each([
    [undefined, 'labelUrl is required'],
    ['not a url', 'labelUrl'],
    ['ftp://127.0.0.1/label.pdf', 'labelUrl'],
    ['file:///etc/passwd', 'labelUrl'],
    ['javascript:alert(1)', 'labelUrl'],
  ])('answers 400 naming labelUrl for %j', async (labelUrl, message) => {
    const res = await print(labelUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message), field: 'labelUrl' });
  });

  it('refuses a label URL with a user name and password', async () => {
    const url = portal.url('/label/ok').replace('http://', 'http://clerk:pw@');
    const res = await print(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'labelUrl' });
  });

  it('refuses a redirect rather than following it (502)', async () => {
    portal.on('/label/moved', (_req, res) => {
      res.writeHead(302, { location: portal.url('/label/ok') }).end();
    });
    const before = portal.requests.length;
    const res = await print(portal.url('/label/moved'));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: expect.stringContaining('redirect'),
      field: 'labelUrl',
    });
    expect(portal.requests.slice(before)).toEqual(['/label/moved']);
    expect(cups.jobs).toEqual([]);
  });

  it.each([
    ['an HTML page', 'text/html', Buffer.from('<!doctype html><title>Sign in</title>')],
    ['an empty body', 'application/pdf', Buffer.alloc(0)],
  ])('refuses %s: the portal did not return a label PDF (502)', async (_, type, body) => {
    portal.on('/label/not-pdf', (_req, res) => {
      res.writeHead(200, { 'content-type': type }).end(body);
    });
    const res = await print(portal.url('/label/not-pdf'));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/did not return a label PDF|empty label/);
    expect(cups.jobs).toEqual([]);
  });

  it('refuses an error answer of the portal, saying an expired link may be why', async () => {
    portal.on('/label/expired', (_req, res) => {
      res.writeHead(410, { 'content-type': 'application/json' }).end('{"message":"expired"}');
    });
    const res = await print(portal.url('/label/expired'));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/answered 410.*expired/);
  });

  it('stops reading an oversized label, declared or streamed (502)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_BYTES)]);
    portal.on('/label/declared', servePdf(big));
    portal.on('/label/streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' }); // chunked: no length given
      res.write(big.subarray(0, 1000));
      res.end(big.subarray(1000));
    });
    for (const path of ['/label/declared', '/label/streamed']) {
      const res = await print(portal.url(path));
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('larger than');
    }
    expect(cups.jobs).toEqual([]);
  });

  it('answers 502 when the portal cannot be reached', async () => {
    const gone = await startPortal();
    await gone.close();
    const closed = await testAgent(
      { portalOrigins: [gone.origin], stateFile: join(tmp.dir, 'state.json') },
      { cups },
    );
    const res = await closed.inject({
      method: 'POST',
      url: printLocalLabel.path,
      query: { labelUrl: gone.url('/label/ok') },
    });
    await closed.close();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/could not reach the portal .*ECONNREFUSED/);
  });

  it('gives up on a portal that does not answer in time (502)', async () => {
    let hung = 0;
    portal.on('/label/hang', () => void hung++); // never answers
    const res = await print(portal.url('/label/hang'));
    expect(hung).toBe(1);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain(`within ${TIMEOUT_MS / 1000} s`);
  });

  it('answers 409 when no printer is picked and CUPS has no default', async () => {
    cups.defaultName = null;
    const other = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'fresh.json') },
      { cups },
    );
    const res = await other.inject({
      method: 'POST',
      url: printLocalLabel.path,
      query: { labelUrl: portal.url('/label/ok') },
    });
    await other.close();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/No printer is picked/);
  });

  it('answers 409 when the picked printer was removed from CUPS', async () => {
    await pick('Office');
    cups.printerList = [printer({ name: 'Dymo' })];
    const res = await print(portal.url('/label/ok'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Office');
  });

  it.each([
    [{ state: 'stopped' as const, reason: 'Paper jam' }, /Office is stopped: Paper jam/],
    [{ state: 'stopped' as const, reason: '' }, /Office is stopped\. Resume it/],
    [{ accepting: false, reason: 'Out of labels' }, /Office refuses new jobs: Out of labels/],
  ])('answers 503 with CUPS reason when the queue cannot print (%j)', async (trouble, message) => {
    await pick('Office');
    cups.printerList = [printer({ name: 'Office', ...trouble })];
    const before = portal.requests.length;
    const res = await print(portal.url('/label/ok'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(message);
    expect(portal.requests.length).toBe(before); // nothing downloaded for a queue that cannot print
    expect(cups.jobs).toEqual([]);
  });

  it('answers 503 saying CUPS is not running', async () => {
    cups.down = true;
    const res = await print(portal.url('/label/ok'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/CUPS is not running/);
  });
});
