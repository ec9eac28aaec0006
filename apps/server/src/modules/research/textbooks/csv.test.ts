import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COST_DESIGNATION_LABELS,
  getTextbookCsv,
  getTextbookDepartment,
  getTextbookTerm,
  TEXTBOOK_CSV_COLUMNS,
  type TextbookCourse,
  type TextbookDepartment,
} from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  TEXTBOOK_NOW,
  textbookWorld,
  type TextbookWorld,
} from '../../../test-support/textbook-world.ts';

const engines = await testEngines();

/** Money as the CSV should show it, written here independently of the module. */
const money = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2));
/** What a spreadsheet-safe cell looks like: a formula-looking start gets a quote. */
const safe = (cell: string) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell);

describe.each(engines)('the textbook list as CSV (%s)', (engine) => {
  let ctx: TestContext;
  let w: TextbookWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => TEXTBOOK_NOW });
    w = await textbookWorld(ctx.db, ctx.fixture);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, termId: unknown, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({ url, query: { termId: String(termId) }, headers: { host } });

  /** The JSON of every department of the term, as the CSV's lines should read. */
  async function expectedLines(termId: number): Promise<string[][]> {
    const term = (await get(getTextbookTerm.path, termId)).json<{
      term: { termName: string };
      departments: TextbookDepartment[];
    }>();
    const lines: string[][] = [];
    for (const d of term.departments) {
      const res = await ctx.app.inject({
        url: getTextbookDepartment.path,
        query: { termId: String(termId), departmentId: String(d.departmentId) },
        headers: { host: FIXTURE_HOSTS.a },
      });
      for (const c of res.json<{ courses: TextbookCourse[] }>().courses) {
        for (const s of c.sections) {
          const lead = [
            term.term.termName,
            d.departmentCode,
            c.courseCode,
            c.courseName,
            s.sectionCode,
            s.professors.join('; '),
          ];
          // The section's cost marks end each of its lines.
          const cost = [
            COST_DESIGNATION_LABELS[s.designation],
            money(s.requiredCostLowCents ?? undefined),
            money(s.requiredCostHighCents ?? undefined),
          ];
          if (s.status !== 'MATERIALS') {
            const status = s.status === 'TBD' ? 'To Be Determined' : 'No text required';
            lines.push([...lead, status, ...Array<string>(12).fill(''), ...cost]);
          }
          for (const m of s.materials) {
            lines.push(
              [
                ...lead,
                'Adopted',
                m.required ? 'Required' : 'Recommended',
                m.isbn ?? '',
                m.title,
                m.author,
                m.publisher,
                m.edition,
                m.copyrightYear?.toString() ?? '',
                money(m.prices?.newCents),
                money(m.prices?.usedCents),
                money(m.prices?.rentNewCents),
                money(m.prices?.rentUsedCents),
                money(m.prices?.digitalCents),
                ...cost,
              ].map(safe),
            );
          }
        }
      }
    }
    return lines;
  }

  it('downloads the whole term, one line per material or per section without one', async () => {
    const res = await get(getTextbookCsv.path, w.fall);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="store-a-fall-2026-textbooks.csv"',
    );
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=600');
    expect(String(res.headers.vary)).toMatch(/\bHost\b/);
    // A byte order mark first, so Excel reads "Café" as UTF-8.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...lines] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual([...TEXTBOOK_CSV_COLUMNS]);
    expect(lines).toEqual(await expectedLines(w.fall));
    // 001: two materials; 002, 003: a line each; 004: two; BIO 202: one; CHEM 110: one.
    expect(lines).toHaveLength(8);
    expect(lines.map((l) => l[6])).toEqual([
      'Adopted',
      'Adopted',
      'No text required',
      'To Be Determined',
      'Adopted',
      'Adopted',
      'Adopted',
      'To Be Determined',
    ]);
    expect(lines[0]?.slice(8, 19)).toEqual([
      '9780134093413',
      'Campbell Biology',
      'Urry',
      'Pearson',
      '11',
      '2016',
      '129.95',
      '97.46',
      '71.47',
      '51.98',
      '77.97',
    ]);
    expect(res.body).toContain('Field Guide to Café Birds');
    // Campbell, offered only new at $129.95, is over $40; no text required costs nothing; a
    // required title without a price leaves the cost unknown: empty, not 0.00.
    expect(lines.map((l) => l.slice(19))).toEqual([
      ['No cost designation', '129.95', '129.95'],
      ['No cost designation', '129.95', '129.95'],
      ['Zero textbook cost', '0.00', '0.00'],
      ['No cost designation', '', ''],
      ['No cost designation', '', ''],
      ['No cost designation', '', ''],
      ['No cost designation', '129.95', '129.95'],
      ['No cost designation', '', ''],
    ]);
  });

  it('quotes a cell a spreadsheet would run as a formula', async () => {
    const res = await get(getTextbookCsv.path, w.fall);
    const lines = parse(res.rawPayload, { bom: true, from_line: 2 }) as string[][];
    const injected = lines.find((l) => l[9]?.includes('Workbook'));
    expect(injected?.[9]).toBe("'=1+2 Workbook");
    expect(injected?.[10]).toBe("'@Someone");
  });

  it("answers only the website's own store's terms, naming termId", async () => {
    const other = await get(getTextbookCsv.path, w.storeB.term);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ field: 'termId' });
    expect(other.headers['content-type']).toMatch(/json/);
    const bad = await get(getTextbookCsv.path, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'termId' });

    const b = await get(getTextbookCsv.path, w.storeB.term, FIXTURE_HOSTS.b);
    const lines = parse(b.rawPayload, { bom: true, from_line: 2 }) as string[][];
    expect(lines.map((l) => [l[1], l[2], l[9], l[14]])).toEqual([
      ['HIST', '100', 'Worlds Together', '80.00'],
    ]);
    expect(b.headers['content-disposition']).toContain('store-b-fall-2026-textbooks.csv');
  });
});
