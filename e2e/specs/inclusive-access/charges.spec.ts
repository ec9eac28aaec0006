import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import {
  addAllowance,
  addDays,
  applyImport,
  createFundingSource,
  downloadIaChargeFile,
  getAdoptionMaterials,
  getImport,
  getIaParticipants,
  getIaTerms,
  getSourceLedger,
  getStudentDetails,
  modifyAdoption,
  saveIaProgram,
  sectionList,
  setIaTermDates,
  setStudentInclusiveAccess,
  type AdoptionMaterialDTO,
  type IaTerm,
  type LedgerEntry,
  type SectionRow,
  type SessionResponse,
  type StudentDetail,
} from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { uploadThroughApi } from '../../support/data.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  portalApi,
  portalEndpoint,
  portalPage,
  signIn,
  startOwnPortal,
  type OwnPortal,
} from '../../support/own-portal.ts';
import { today } from '../../support/wizard.ts';
import { shot } from '../../support/shots.ts';

/*
 * Issue 32's "done when", at and after the deadline, on a portal of this spec's own (it fixes
 * charges, moves money and drops an enrolment): a Biology section's inclusive-access title at
 * $59.99; one student opts out (staff on their behalf) and stays out, one student has a funding
 * allowance for digital materials of the term. Once the deadline has passed, the course
 * materials team makes the first charge file on its page: every enrolled student who stayed in
 * is in it at $59.99, but for the funded one, whose charge is in the source's ledger instead. A
 * student then drops through the enrolment feed, within the refund window: the next file holds
 * exactly that credit.
 */
const SHOTS = '/tmp/ia-shots';
const PRICE_CENTS = 5_999;

let portal: OwnPortal;
let cma: SessionResponse;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  portal = await startOwnPortal('ia-charges');
  cma = await signIn(portal, 'cma');
});
test.afterAll(async () => portal?.stop());

const call = <T>(...args: Parameters<typeof portalApi>) => portalApi<T>(...args);

/** The adoptions of the section's course. */
async function adoptionsOf(row: SectionRow): Promise<AdoptionMaterialDTO[]> {
  const { divisionId, departmentCode, courseCode } = row;
  const { adoptionMaterials } = await call<{ adoptionMaterials: AdoptionMaterialDTO[] }>(
    portal,
    cma,
    getAdoptionMaterials,
    { divisionId, departmentCode, courseCode },
  );
  return adoptionMaterials;
}

/** An adopted Biology section of an inclusive-access term with at least four students. */
async function biologySection(terms: readonly IaTerm[]) {
  const { sections } = await call<{ sections: SectionRow[] }>(
    portal,
    cma,
    sectionList,
    {},
    {
      body: {
        searchString: 'BIOL',
        sectionStartDate: today(),
        sectionEndDate: addDays(today(), 180),
        sortField: 'courseCode',
        sortDirection: 'asc',
        pageSize: 100,
      },
    },
  );
  for (const row of sections) {
    const term = terms.find((t) => t.termId === row.termId);
    if (row.adoptionStatus !== 'ADOPTED' || row.enrollmentCount < 4 || !term) continue;
    const adoption = (await adoptionsOf(row)).find(
      (a) =>
        a.required &&
        a.title &&
        (a.adoptionType === 'AUTO_ADOPTION' ||
          a.sections.some((s) => s.sectionId === row.sectionId)),
    );
    if (adoption) return { row, term, adoption };
  }
  throw new Error('The demo seed has no adopted Biology section with four students');
}

interface CsvLine {
  studentId: string;
  amount: string;
}

/** A charge file as the bursar gets it: its lines and its TOTAL trailer. */
async function chargeFile(termId: number, fileNumber: number) {
  const res = await portalEndpoint<string>(portal, cma, downloadIaChargeFile, {
    termId,
    fileNumber,
  });
  expect(res.status).toBe(200);
  const rows = parse(res.body, { relax_column_count: true }) as string[][];
  const [header, ...rest] = rows;
  const trailer = rest.pop()!;
  const at = (name: RegExp) => header!.findIndex((h) => name.test(h));
  const lines: CsvLine[] = rest.map((r) => ({
    studentId: r[at(/student id/i)]!,
    amount: r[at(/amount/i)]!,
  }));
  return { lines, trailer };
}

async function createOnPage(page: Page, expected: RegExp) {
  await page.getByRole('button', { name: 'Create charge file' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'create charge file dialog');
  await shot(page, { path: `${SHOTS}/charges-confirm-1280.png` });
  await dialog.getByRole('button', { name: 'Create charge file' }).click();
  await expect(page.getByRole('alert').filter({ hasText: expected })).toBeVisible();
}

test('at the deadline the charge file holds every student who stayed in; a later drop is credited; a funded charge is in the ledger', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { terms } = await call<{ terms: IaTerm[] }>(portal, cma, getIaTerms);
  const { row, term, adoption } = await biologySection(terms);
  await call(
    portal,
    cma,
    modifyAdoption,
    {},
    {
      body: {
        adoptionMaterial: {
          adoptionMaterialId: adoption.adoptionMaterialId,
          ia: true,
          materialKind: 'INCLUSIVE_ACCESS',
        },
        iapublisher: 'Pearson',
      },
    },
  );
  const refundUntil = term.endDate;
  const dates = (optOutDeadline: string) =>
    call(
      portal,
      cma,
      setIaTermDates,
      { termId: term.termId },
      { body: { optOutDeadline, refundUntil } },
    );
  await dates(addDays(today(), 7) < term.endDate ? addDays(today(), 7) : term.endDate);
  await call(
    portal,
    cma,
    saveIaProgram,
    { sectionId: row.sectionId },
    {
      body: {
        model: 'OPT_OUT',
        materials: [{ adoptionMaterialId: adoption.adoptionMaterialId, priceCents: PRICE_CENTS }],
      },
    },
  );
  const { participants } = await call<{
    participants: { participantId: number; studentId: number; studentIdNum: string }[];
  }>(portal, cma, getIaParticipants, { sectionId: row.sectionId });
  expect(participants.length).toBeGreaterThanOrEqual(4);
  const [optsOut, funded, drops, ...stay] = participants;

  // One student opts out (the store's staff on their behalf) before the deadline, and stays out.
  await call(
    portal,
    cma,
    setStudentInclusiveAccess,
    { participantId: optsOut!.participantId },
    { body: { choice: 'OUT' } },
  );
  // One student has $100 for digital materials of the term from a grant.
  const source = await call<{ sourceId: number }>(
    portal,
    cma,
    createFundingSource,
    {},
    {
      body: {
        clientKey: randomUUID(),
        source: {
          name: 'Digital access grant',
          kind: 'GRANT',
          budgetCents: 100_000,
          termIds: [term.termId],
          chargeStartsOn: addDays(today(), -30),
          chargeEndsOn: term.endDate,
          perStudentCapCents: null,
          scope: 'ANY_COURSE_MATERIAL',
          spending: ['DIGITAL'],
          unspentPolicy: 'RETURN_TO_SOURCE',
          promotion: null,
        },
      },
    },
  );
  await call(
    portal,
    cma,
    addAllowance,
    { sourceId: source.sourceId },
    { body: { studentIdNum: funded!.studentIdNum, amountCents: 10_000, clientKey: randomUUID() } },
  );

  // The deadline passes (it was yesterday); the refund window runs to the term's end.
  await dates(addDays(today(), -1));

  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/inclusive-access/terms/${term.termId}/charges`);
  await expect(page.getByText(/has passed: charges can be fixed/)).toBeVisible();
  const charged = [drops!, ...stay];
  await createOnPage(
    page,
    new RegExp(
      `Charge file 1 made: ${charged.length} lines, \\$${(charged.length * 59.99).toFixed(2)}`,
    ),
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `charge files at ${width}px`);
    // The download stays in reach without sideways scrolling, on a phone too.
    await expect(page.getByRole('button', { name: 'Download charge file 1 (CSV)' })).toBeInViewport(
      { ratio: 1 },
    );
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
      `no sideways scrolling at ${width}px`,
    ).toBe(0);
    await shot(page, { path: `${SHOTS}/charges-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const first = await chargeFile(term.termId, 1);
  expect(first.lines.map((l) => l.studentId).sort()).toEqual(
    charged.map((p) => p.studentIdNum).sort(),
  );
  expect(new Set(first.lines.map((l) => l.amount))).toEqual(new Set(['59.99']));
  expect(first.trailer).toEqual([
    'TOTAL',
    String(charged.length),
    (charged.length * 59.99).toFixed(2),
  ]);

  const { entries } = await call<{ entries: LedgerEntry[] }>(
    portal,
    cma,
    getSourceLedger,
    { sourceId: source.sourceId },
    { query: { search: funded!.studentIdNum } },
  );
  expect(entries.filter((e) => e.kind === 'CHARGE')).toEqual([
    expect.objectContaining({ amountCents: -PRICE_CENTS, orderId: null }),
  ]);

  // A student drops the section through the enrolment feed, within the refund window.
  const student = (
    await call<{ studentDetail: StudentDetail }>(
      portal,
      cma,
      getStudentDetails,
      {},
      { query: { customerId: drops!.studentId } },
    )
  ).studentDetail;
  await dropThroughFeed(student, row, term);
  await page.reload();
  await createOnPage(page, /Charge file 2 made: 1 line, -\$59\.99/);
  const second = await chargeFile(term.termId, 2);
  expect(second.lines).toEqual([{ studentId: drops!.studentIdNum, amount: '-59.99' }]);
  expect(second.trailer).toEqual(['TOTAL', '1', '-59.99']);
  await context.close();
});

/** The students-and-enrolments feed with one row: the student dropped the section. */
async function dropThroughFeed(student: StudentDetail, row: SectionRow, term: IaTerm) {
  const dir = `${portal.dataDir}/../drop`;
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/drop.csv`;
  writeFileSync(
    path,
    [
      'student_id,first_name,last_name,email,division,term,department,course,section,enrollment_status',
      [
        student.studentIdNum,
        student.firstName,
        student.lastName,
        student.email,
        row.divisionName,
        `${term.termName} - ${term.divisionName}`,
        row.departmentCode,
        row.courseCode,
        row.sectionCode,
        'dropped',
      ].join(','),
    ].join('\n'),
  );
  const uploaded = await uploadThroughApi(
    portal,
    cma,
    { path, name: 'drop.csv' },
    { formatId: 'students-enrollments' },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  const { importId } = uploaded.body as unknown as { importId: number };
  const status = async () =>
    (await call<{ status: string }>(portal, cma, getImport, { importId })).status;
  await expect.poll(status, { timeout: 30_000 }).toBe('VALIDATED');
  const applied = await portalEndpoint(portal, cma, applyImport, { importId });
  expect([200, 202]).toContain(applied.status);
  await expect.poll(status, { timeout: 30_000 }).toBe('APPLIED');
}
