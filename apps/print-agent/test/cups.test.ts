import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getLocalDefaultPrinter,
  localPrinters,
  printLocalLabel,
  setLocalDefaultPrinter,
} from '@csp/contracts';
import { CupsError } from '../src/cups/cups.ts';
import { createSystemCups } from '../src/cups/system-cups.ts';
import { tempDir, testAgent } from './support/agent.ts';
import { labelPdf } from './support/label-pdf.ts';
import { servePdf, startPortal, type Portal } from './support/portal.ts';
import { CUPSD, startPrivateCupsd } from './support/private-cupsd.ts';
import {
  CUPS_PDF_MODEL,
  cupsPdfOutputDir,
  must,
  probeCups,
  sh,
  waitFor,
} from './support/real-cups.ts';

// Against the workstation's real CUPS: queues of cups-pdf (a printer that writes PDF files),
// created here under unique names and removed afterwards; nothing of CUPS is mocked.
const cups = await probeCups();
if (!cups.available) {
  console.warn(
    `[print-agent] real-CUPS tests skipped: ${cups.why}. To run them (as root): apt-get install cups printer-driver-cups-pdf poppler-utils, then start cupsd (systemctl start cups, or cupsd).`,
  );
}

const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
const READY = `csp-agent-ready-${token}`;
const STOPPED = `csp-agent-stopped-${token}`;
/** cups-pdf names its output after the job title: this prefix finds this run's files. */
const TITLE_PREFIX = `csp-agent-label-${token}`;

describe.skipIf(!cups.available)('with the real CUPS and a cups-pdf queue', () => {
  const outputDir = cupsPdfOutputDir();
  let tmp: ReturnType<typeof tempDir>;
  let portal: Portal;
  let app: FastifyInstance;

  beforeAll(async () => {
    tmp = tempDir();
    for (const [queue, description] of [
      [READY, `Étiquettes comptoir ${token}`],
      [STOPPED, 'Back office'],
    ]) {
      await must('lpadmin', ['-p', queue!, '-v', 'cups-pdf:/', '-E', '-m', CUPS_PDF_MODEL]);
      await must('lpadmin', ['-p', queue!, '-D', description!]);
    }
    portal = await startPortal();
    app = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'state.json') },
      { cups: createSystemCups() },
    );
  });

  afterAll(async () => {
    await app?.close();
    await portal?.close();
    for (const queue of [READY, STOPPED]) {
      await sh('cancel', ['-a', queue]);
      await sh('lpadmin', ['-x', queue]);
    }
    if (existsSync(outputDir)) {
      for (const file of readdirSync(outputDir).filter((f) => f.startsWith(TITLE_PREFIX))) {
        rmSync(join(outputDir, file), { force: true });
      }
    }
    tmp?.remove();
  });

  const pick = (printerName: string) =>
    app.inject({ method: 'PUT', url: setLocalDefaultPrinter.path, query: { printerName } });
  const print = (path: string) =>
    app.inject({
      method: 'POST',
      url: printLocalLabel.path,
      query: { labelUrl: portal.url(path) },
      headers: { origin: portal.origin },
    });

  it("lists the workstation's queues as CUPS reports them", async () => {
    const res = await app.inject({ method: 'GET', url: localPrinters.path });
    expect(res.statusCode).toBe(200);
    const printers = res.json() as { name: string }[];
    expect(printers.find((p) => p.name === READY)).toEqual({
      name: READY,
      description: `Étiquettes comptoir ${token}`,
      state: 'idle',
      accepting: true,
      reason: '',
      isDefault: false,
    });
  });

  it('picks a queue, keeps it across restarts, and refuses one CUPS does not know', async () => {
    const res = await pick(READY.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ printerName: READY });
    const restarted = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'state.json') },
      { cups: createSystemCups() },
    );
    const got = await restarted.inject({ method: 'GET', url: getLocalDefaultPrinter.path });
    await restarted.close();
    expect(got.json()).toEqual({ printerName: READY });

    const unknown = await pick(`csp-agent-missing-${token}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'printerName' });
  });

  it("falls back to CUPS's default destination (LPDEST) when nothing is picked", async () => {
    const fresh = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'none.json') },
      { cups: createSystemCups({ env: { LPDEST: READY } }) },
    );
    const got = await fresh.inject({ method: 'GET', url: getLocalDefaultPrinter.path });
    const list = await fresh.inject({ method: 'GET', url: localPrinters.path });
    await fresh.close();
    expect(got.json()).toEqual({ printerName: READY });
    expect(list.json()).toContainEqual(expect.objectContaining({ name: READY, isDefault: true }));
  });

  it('prints the label: the PDF comes out of the cups-pdf queue', async () => {
    const marker = `CSP LABEL ${token}`;
    portal.on('/label/real', servePdf(labelPdf(marker), `${TITLE_PREFIX}.pdf`));
    expect((await pick(READY)).statusCode).toBe(200);

    const res = await print('/label/real');
    expect(res.statusCode).toBe(200);
    const { jobId, printerName } = res.json() as { jobId: string; printerName: string };
    expect(printerName).toBe(READY);
    expect(jobId).toMatch(new RegExp(`^${READY}-\\d+$`));

    await waitFor(`job ${jobId} to complete`, async () => {
      const { stdout } = await sh('lpstat', ['-W', 'completed', '-o', READY]);
      return stdout.split('\n').some((line) => line.startsWith(`${jobId} `)) || undefined;
    });
    const file = await waitFor(`the PDF of ${jobId} in ${outputDir}`, async () =>
      readdirSync(outputDir).find((f) => f.startsWith(TITLE_PREFIX) && f.endsWith('.pdf')),
    );
    const path = join(outputDir, file);
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await sh('pdftotext', [path, '-']);
    if (text.code === -1) {
      console.warn(
        '[print-agent] pdftotext (poppler-utils) is missing: checked only that a PDF came out',
      );
    } else {
      expect(text.stdout).toContain(marker);
    }
  });

  it('answers 503 with the reason for a stopped queue, and queues nothing', async () => {
    const reason = `Paper jam ${token}`;
    await must('cupsdisable', ['-r', reason, STOPPED]);
    expect((await pick(STOPPED)).statusCode).toBe(200);
    portal.on('/label/stopped', servePdf(labelPdf('never printed'), `${TITLE_PREFIX}-x.pdf`));

    const res = await print('/label/stopped');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain(`${STOPPED} is stopped: ${reason}`);
    const jobs = await sh('lpstat', ['-W', 'all', '-o', STOPPED]);
    expect(jobs.stdout.trim()).toBe('');

    const listed = await app.inject({ method: 'GET', url: localPrinters.path });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ name: STOPPED, state: 'stopped', reason }),
    );
  });

  it('answers 503 with the reason for a queue that rejects jobs', async () => {
    const reason = `Out of labels ${token}`;
    await must('cupsenable', [STOPPED]);
    await must('cupsreject', ['-r', reason, STOPPED]);
    expect((await pick(STOPPED)).statusCode).toBe(200);
    const res = await print('/label/stopped');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain(`${STOPPED} refuses new jobs: ${reason}`);
    await must('cupsaccept', [STOPPED]);
  });

  it("reports lp's own refusals as CupsErrors", async () => {
    const system = createSystemCups();
    const job = { title: `${TITLE_PREFIX}-refused`, pdf: labelPdf('refused') };
    await must('cupsreject', [STOPPED]);
    await expect(system.print({ ...job, printer: STOPPED })).rejects.toMatchObject({
      kind: 'refused',
    });
    await must('cupsaccept', [STOPPED]);
    const missing = system.print({ ...job, printer: `csp-agent-missing-${token}` });
    await expect(missing).rejects.toBeInstanceOf(CupsError);
    await expect(missing).rejects.toMatchObject({ kind: 'unknown-printer' });
  });

  it('answers 503 saying CUPS is not running when the scheduler cannot be reached', async () => {
    const down = await testAgent(
      { portalOrigins: [portal.origin], stateFile: join(tmp.dir, 'down.json') },
      { cups: createSystemCups({ env: { CUPS_SERVER: join(tmp.dir, 'no-such-cups.sock') } }) },
    );
    const res = await down.inject({ method: 'GET', url: localPrinters.path });
    const health = await down.inject({ method: 'GET', url: '/api/v1/omniprint/healthCheck' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^CUPS is not running on this workstation/);
    expect(health.json()).toMatchObject({ status: 'UP', defaultPrinter: null });
  });

  describe.skipIf(!existsSync(CUPSD))('a scheduler of its own', () => {
    it('lists no printers (200) when CUPS has none, then 503 once it stops', async () => {
      const dir = tempDir('csp-cupsd-');
      const cupsd = await startPrivateCupsd(dir.dir);
      try {
        const empty = await testAgent(
          { portalOrigins: [portal.origin], stateFile: join(dir.dir, 'state.json') },
          { cups: createSystemCups({ env: { CUPS_SERVER: cupsd.socket } }) },
        );
        const none = await empty.inject({ method: 'GET', url: localPrinters.path });
        expect(none.statusCode).toBe(200);
        expect(none.json()).toEqual([]);
        const noDefault = await empty.inject({
          method: 'POST',
          url: printLocalLabel.path,
          query: { labelUrl: portal.url('/label/real') },
        });
        expect(noDefault.statusCode).toBe(409);

        await cupsd.stop();
        const gone = await empty.inject({ method: 'GET', url: localPrinters.path });
        await empty.close();
        expect(gone.statusCode).toBe(503);
        expect(gone.json().message).toMatch(/CUPS is not running/);
      } finally {
        await cupsd.stop();
        dir.remove();
      }
    });
  });
});
