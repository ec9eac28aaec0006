import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getImport,
  uploadAllowances,
  uploadImport,
  uploadWebsiteLogo,
  LOGO_MESSAGES,
  type ImportSummary,
} from '@csp/contracts';
import { signIn } from '../src/test-support/permissions-test-support.ts';
import { pngImage } from '../src/test-support/png-image.ts';
import { fundingWorld } from '../src/test-support/funding-world.ts';
import {
  writeRepeated,
  xlsxLyingAboutSize,
  xlsxOfRows,
  xlsxWithGiantCell,
  xlsxWithHugeDirectory,
  xlsxWithGiantSharedString,
} from '../src/test-support/hostile-files.ts';
import { httpCall } from '../src/test-support/server-process.ts';
import { createTestApp, testEngines, type TestContext } from '../src/test-support/test-app.ts';
import {
  peakGrowthMiB,
  sendUpload,
  whileLive,
  type UploadAnswer,
} from '../src/test-support/upload-probe.ts';

/**
 * Every upload path against hostile files (docs/testing-resource-limits.md): the app listening
 * on a real socket, /health/live polled the whole time from another process.
 *
 * Bounds, generous for a loaded 2-core CI machine: each liveness answer within 1 s (the event
 * loop never waits on a file: reading happens in a worker thread), and the process's resident
 * memory at most MEMORY_BOUND_MIB above where it stood (the reading worker's heap is capped at
 * 128 MiB for allowance files and 384 MiB for imports; these files are refused long before).
 * Before the shared reader, the allowance zip bomb stalled the server for 12-69 s and took
 * 1.3-2.3 GB.
 */
const LIVENESS_BOUND_MS = 1000;
const MEMORY_BOUND_MIB = 300;
const MB = 2 ** 20;

const engines = await testEngines();
const FILES = mkdtempSync(join(tmpdir(), 'csp-hostile-'));
// Removed after every engine's tests (a run filtered to one engine runs no other's hooks).
afterAll(() => rmSync(FILES, { recursive: true, force: true }));
const file = (name: string) => join(FILES, name);

let hostileFiles: Promise<void> | undefined;

/** The hostile files, made once for both engines (a few seconds, a few megabytes of disk). */
async function makeHostileFiles(): Promise<void> {
  await xlsxOfRows(file('bomb-194mb.xlsx'), 1_000_000, 194);
  await xlsxOfRows(file('bomb-1200mb.xlsx'), 5_000_000, 240);
  await xlsxLyingAboutSize(file('lying.xlsx'), 1_000_000, 10_000);
  await xlsxWithGiantCell(file('cell-64mb.xlsx'), 64 * MB);
  await xlsxWithGiantCell(file('cell-2000.xlsx'), 2000);
  await xlsxWithGiantCell(file('cell-40000.xlsx'), 40_000);
  await xlsxWithGiantSharedString(file('shared-64mb.xlsx'), 64 * MB);
  await xlsxOfRows(file('rows-1m.xlsx'), 1_000_001);
  // Rows as wide as the header: csv-parse builds an error object for each row of another width
  // (relaxed, then dropped), which makes such a file several times slower to read (ADR 0022).
  await writeRepeated(file('rows-1m.csv'), 'Student ID,Amount,Note\n', '1,1,\n', 1_000_001);
  await writeRepeated(file('cell-64mb.csv'), 'Student ID,Amount,Note\n1,1,', 'x', 64 * MB);
  await xlsxWithHugeDirectory(file('directory.xlsx'), 70);
  await writeRepeated(file('commas.csv'), 'Student ID,Amount,Note\n1,1,', ',', 4_000_000);
}

type Expect = (answer: UploadAnswer, server: Probe) => Promise<void>;
interface Probe {
  port: number;
  host: string;
  token: string;
  accountId: number;
}

const refused =
  (status: number, message: RegExp): Expect =>
  async (answer) => {
    expect(answer.status, answer.body).toBe(status);
    expect(answer.json()).toEqual({ message: expect.stringMatching(message), field: 'file' });
  };

/** An allowance file the check reports as unreadable: 200, INVALID, saying why. */
const reportedInvalid =
  (message: RegExp): Expect =>
  async (answer) => {
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'INVALID',
      errorMessage: expect.stringMatching(message),
    });
  };

/** An import accepted (202) whose background check makes it INVALID, saying why. */
/** The import ends `status` (INVALID by default) saying `message`, polled over HTTP. */
const importInvalid =
  (message: RegExp, status: 'INVALID' | 'NEEDS_MAPPING' = 'INVALID'): Expect =>
  async (answer, server) => {
    expect(answer.status, answer.body).toBe(202);
    const { importId } = answer.json<ImportSummary>();
    const path = fillPath(getImport.path, { userAccountId: server.accountId, importId });
    for (;;) {
      const res = await httpCall(server.port, 'GET', path, {
        token: server.token,
        host: server.host,
      });
      const summary = res.json<ImportSummary>();
      if (summary.status !== 'VALIDATING') {
        expect(summary).toMatchObject({ status });
        if (status === 'INVALID') expect(summary.errorMessage).toMatch(message);
        return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };

interface Attack {
  name: string;
  fileName: string;
  body: { file: string } | { chunkedBytes: number };
  allowance: Expect;
  dataImport: Expect | null;
  /**
   * An import reads this file to its end in its reading thread before refusing it (the million
   * rows: tens of seconds on a loaded machine). The database plays no part before the refusal,
   * so the import path tries it on the first engine only, given up to 4 minutes.
   */
  readToTheEnd?: true;
}

const ATTACKS: Attack[] = [
  {
    name: 'a zip bomb: 770 KB unpacking to 194 MB (1,000,000 rows)',
    fileName: 'bomb.xlsx',
    body: { file: file('bomb-194mb.xlsx') },
    allowance: refused(413, /^The file unpacks to more than 50 MB/),
    // Within an import's 1 GB: its rows are the million rows below.
    dataImport: null,
  },
  {
    name: 'a zip bomb: 5 MB unpacking to 1.2 GB',
    fileName: 'bomb.xlsx',
    body: { file: file('bomb-1200mb.xlsx') },
    allowance: refused(413, /^The file (unpacks to more than 50 MB|is larger than 5 MB)/),
    dataImport: refused(413, /^The file unpacks to more than 1 GB/),
  },
  {
    name: 'a zip whose headers say its sheet is 10 KB when it unpacks to 42 MB',
    fileName: 'lying.xlsx',
    body: { file: file('lying.xlsx') },
    allowance: reportedInvalid(/unpacks to more than the file says/),
    dataImport: importInvalid(/unpacks to more than the file says/),
  },
  {
    name: 'one cell of 64 MB in a 66 KB workbook',
    fileName: 'cell.xlsx',
    body: { file: file('cell-64mb.xlsx') },
    allowance: refused(413, /^The file unpacks to more than 50 MB/),
    dataImport: importInvalid(/^Row 2, column C holds more than 32,767 characters/),
  },
  {
    name: 'one shared string of 64 MB',
    fileName: 'shared.xlsx',
    body: { file: file('shared-64mb.xlsx') },
    allowance: refused(413, /^The file unpacks to more than 50 MB/),
    dataImport: importInvalid(/holds more than 32,767 characters/),
  },
  {
    name: 'one cell over the cell limit of the path',
    fileName: 'cell.xlsx',
    body: { file: file('cell-40000.xlsx') },
    allowance: refused(413, /^Row 2, column C holds more than 1,000 characters/),
    dataImport: importInvalid(/^Row 2, column C holds more than 32,767 characters/),
  },
  {
    name: 'one cell of 64 MB in a CSV file',
    fileName: 'cell.csv',
    body: { file: file('cell-64mb.csv') },
    allowance: refused(413, /^The file is larger than 5 MB/),
    dataImport: importInvalid(/row 2 is longer than 1,048,576 characters/),
  },
  {
    name: 'a million rows of CSV (5 MB)',
    fileName: 'rows.csv',
    body: { file: file('rows-1m.csv') },
    allowance: refused(413, /^The file has more than 50,000 rows/),
    dataImport: importInvalid(/^The file has more than 1,000,000 rows/),
    readToTheEnd: true,
  },
  {
    name: 'a million rows of XLSX (42 MB unpacked)',
    fileName: 'rows.xlsx',
    body: { file: file('rows-1m.xlsx') },
    allowance: refused(413, /^The file has more than 50,000 rows/),
    dataImport: importInvalid(/^The file has more than 1,000,000 rows/),
    readToTheEnd: true,
  },
  {
    name: 'a workbook whose table of contents is 4.5 MB of comments',
    fileName: 'directory.xlsx',
    body: { file: file('directory.xlsx') },
    allowance: reportedInvalid(/table of contents is larger than any workbook/),
    dataImport: importInvalid(/table of contents is larger than any workbook/),
  },
  {
    name: 'a CSV row of four million empty cells',
    fileName: 'commas.csv',
    body: { file: file('commas.csv') },
    // Read as the one row it is, its blank cells past the last column dropped while reading:
    // a file of other headers than the import format's, whose columns are to be matched.
    allowance: reportedInvalid(/^No row of this file can be applied/),
    dataImport: importInvalid(/.*/, 'NEEDS_MAPPING'),
  },
  {
    name: 'a chunked body (no Content-Length) over the limit',
    fileName: 'chunked.csv',
    body: { chunkedBytes: 0 },
    allowance: refused(413, /^The file is larger than 5 MB/),
    dataImport: refused(413, /^The file is larger than 200 MB/),
  },
];

describe.each(engines)('resource limits of every upload path (%s)', (engine) => {
  let ctx: TestContext;
  let probe: Probe;
  let sourceId: number;

  beforeAll(async () => {
    hostileFiles ??= makeHostileFiles();
    const filesReady = hostileFiles;
    ctx = await createTestApp(engine);
    const world = await fundingWorld(ctx);
    const manager = world.who.manager;
    sourceId = (await world.createSource(manager)).sourceId;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    probe = { port, token: manager.token, accountId: manager.accountId, host: manager.host };
    await filesReady;
  });

  afterAll(async () => {
    await ctx?.background.drain();
    await ctx?.close();
  });

  const paths = {
    allowance: (fileName: string) =>
      `${fillPath(uploadAllowances.path, { userAccountId: probe.accountId, sourceId })}?fileName=${fileName}`,
    dataImport: (fileName: string) =>
      `${fillPath(uploadImport.path, { userAccountId: probe.accountId })}?formatId=products-prices&fileName=${fileName}`,
  };

  describe.each(['allowance', 'dataImport'] as const)('%s upload', (kind) => {
    const attacks = ATTACKS.filter(
      (a) =>
        a[kind] !== null && !(kind === 'dataImport' && a.readToTheEnd && engine !== engines[0]),
    );
    it.each(attacks)('$name', { timeout: 240_000 }, async (attack) => {
      const expectAnswer = attack[kind] as Expect;
      const body =
        'chunkedBytes' in attack.body
          ? { chunkedBytes: kind === 'allowance' ? 6 * MB : 210 * MB }
          : attack.body;
      const target = { ...probe, path: paths[kind](attack.fileName) };
      const { result, growthMiB } = await peakGrowthMiB(process.pid, () =>
        whileLive(probe.port, async () => {
          const answer = await sendUpload(target, body);
          // The answer is checked after the bounds, which matter most.
          return expectAnswer(answer, probe).catch((error: unknown) => error);
        }),
      );
      console.info(
        `[resource-limits] ${engine} ${kind} ${attack.name}: slowest /health/live ${Math.round(result.slowestMs)} ms of ${result.polls}, RSS +${Math.round(growthMiB)} MiB`,
      );
      expect(result.slowestMs, 'the slowest /health/live answer (ms)').toBeLessThan(
        LIVENESS_BOUND_MS,
      );
      expect(growthMiB, 'the rise of resident memory (MiB)').toBeLessThan(MEMORY_BOUND_MIB);
      if (result.result) throw result.result;
    });
  });

  // A logo is small and read whole (512 KB): a body past that is cut off while it streams, and a
  // PNG that declares a vast image is refused from its header, never decoded.
  describe('logo upload', () => {
    const logo = async (body: { file: string } | { chunkedBytes: number }) => {
      const admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
      const path = `${fillPath(uploadWebsiteLogo.path, { userAccountId: admin.accountId, websiteId: ctx.fixture.websites.a })}?kind=wide`;
      const target = {
        ...probe,
        token: admin.token,
        host: admin.host,
        path,
        method: 'PUT' as const,
      };
      return peakGrowthMiB(process.pid, () =>
        whileLive(probe.port, () => sendUpload(target, body)),
      );
    };

    it('refuses a chunked body over 512 KB as it streams', { timeout: 60_000 }, async () => {
      const { result, growthMiB } = await logo({ chunkedBytes: 8 * MB });
      expect(result.slowestMs).toBeLessThan(LIVENESS_BOUND_MS);
      expect(growthMiB).toBeLessThan(MEMORY_BOUND_MIB);
      expect(result.result.status).toBe(413);
      expect(result.result.json()).toEqual({ message: LOGO_MESSAGES.tooLarge, field: 'file' });
    });

    it('refuses a PNG that declares 100000 x 100000 pixels without decoding it', async () => {
      writeFileSync(file('vast.png'), pngImage(100_000, 100_000, true));
      const { result } = await logo({ file: file('vast.png') });
      expect(result.result.status).toBe(400);
      expect(result.result.json()).toEqual({
        message: LOGO_MESSAGES.tooManyPixels(100_000, 100_000),
        field: 'file',
      });
    });
  });
});
