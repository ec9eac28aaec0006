import type { ActionName, AllowanceUpload, FundingSource } from '@csp/contracts';
import { FUNDING_MESSAGES, FUNDING_REFUSAL, XLSX_CONTENT_TYPE } from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';
import {
  TERMS,
  accessDayReport,
  allowance,
  allowanceUpload,
  fundingSource,
  ledgerEntry,
} from './funding-fixtures.ts';

export const BASE = '/app-rest/admin_portal/v1/7/funding';

type Handler = (request: StubRequest) => Response | Promise<Response>;

const paged = <T>(rows: readonly T[], request: StubRequest, defaultSize = 25) => {
  const page = Number(request.url.searchParams.get('page') ?? 1);
  const size = Number(request.url.searchParams.get('pageSize') ?? defaultSize);
  return rows.slice((page - 1) * size, page * size);
};

/**
 * A stand-in for the funding endpoints over one source (id 1) of 60 allowances, as the server
 * answers them: paging and search on the server, an allowance file (31) the test checks then
 * applies. Every call is recorded by the fetch stub; `refuse` answers 403 to all of them.
 */
export class FakeFundingServer {
  sources: FundingSource[] = [fundingSource()];
  allowances = Array.from({ length: 60 }, (_, i) => allowance(i + 1));
  upload: AllowanceUpload | null = null;
  refuse = false;
  applyCalls = 0;
  /** What the next create answers instead of the created source. */
  createAnswer: (() => Response) | null = null;
  /** Rejected rows each upload's issues list (the first three of an unknown student). */
  issueCount = 5;
  /** While set, every e-mail waits for it: the test clicks again while one is on its way. */
  holdEmails: Promise<void> | null = null;
  /** While set, the day-7 report of that term waits for the test to call the function. */
  holdAccessDay: { termId: number; release: Promise<void> } | null = null;
  /** Aid students without their books in each term's day-7 report. */
  accessDayStudents = 1;
  /** Where "E-mail vouchers" stands for source 1. */
  mailing = { unsent: 57, sending: 0, withoutEmail: 3, emailed: 0 };
  /** Of a run's vouchers, how many the mail server refuses (they end up unsent again). */
  mailRefused = 0;
  /** Vouchers a run gets through between two polls. */
  mailedPerPoll = 30;

  /** An allowance file's report, rejected rows and apply, as `upload` holds it. */
  private uploadHandlers(id: number): [string, Handler][] {
    const mine = () => (this.upload?.uploadId === id ? this.upload : null);
    return [
      [
        `GET ${BASE}/uploads/${id}`,
        () => (mine() ? json(200, mine()) : json(404, { message: 'Allowance file not found.' })),
      ],
      [
        `GET ${BASE}/uploads/${id}/issues`,
        (req) => {
          const issues = Array.from({ length: this.issueCount }, (_, i) => ({
            rowNumber: 10 + i,
            column: i < 3 ? 'Student ID' : 'Amount',
            value: i < 3 ? '123' : 'ten',
            message: i < 3 ? 'No student with ID 123 at this store.' : 'must be an amount',
          }));
          return json(200, { issues: paged(issues, req), recordCount: issues.length });
        },
      ],
      [
        `POST ${BASE}/uploads/${id}/apply`,
        () => {
          this.applyCalls += 1;
          this.upload = allowanceUpload({
            uploadId: id,
            status: 'APPLIED',
            appliedAt: '2026-08-05T15:10:00.000Z',
            appliedByName: 'Casey Morgan',
          });
          return json(200, this.upload);
        },
      ],
    ];
  }

  handlers(): Record<string, Handler> {
    const h: Record<string, Handler> = {
      [`GET ${BASE}/sources`]: () => json(200, { sources: this.sources }),
      [`GET ${BASE}/sources/1`]: () => json(200, this.sources[0]),
      [`POST ${BASE}/sources`]: async (req) => {
        // Slow enough that a second click lands while the first is on its way.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (this.createAnswer) return this.createAnswer();
        const created = fundingSource({ sourceId: 2, name: 'New aid', version: 0 });
        this.sources.push(created);
        void req;
        return json(200, created);
      },
      [`PUT ${BASE}/sources/1`]: (req) => {
        const body = req.body as { source: { name: string }; version: number };
        const current = this.sources[0]!;
        if (body.version !== current.version) {
          return json(409, { message: FUNDING_MESSAGES.changedMeanwhile });
        }
        this.sources[0] = { ...current, name: body.source.name, version: current.version + 1 };
        return json(200, this.sources[0]);
      },
      [`GET ${BASE}/terms`]: () => json(200, { terms: TERMS }),
      [`GET ${BASE}/sources/1/allowances`]: (req) => {
        const search = req.url.searchParams.get('search')?.toLowerCase() ?? '';
        const rows = this.allowances.filter(
          (a) =>
            !search ||
            a.studentIdNum.includes(search) ||
            `${a.firstName} ${a.lastName}`.toLowerCase().includes(search),
        );
        return json(200, { allowances: paged(rows, req), recordCount: rows.length });
      },
      [`POST ${BASE}/sources/1/allowances`]: (req) => {
        const body = req.body as { studentIdNum: string; amountCents: number };
        if (body.studentIdNum === '123') {
          return json(404, {
            message: 'No student with ID 123 at this store.',
            field: 'studentIdNum',
          });
        }
        return json(200, allowance(99, { allocatedCents: body.amountCents }));
      },
      ...Object.fromEntries(
        [501, 502].map((allowanceId) => [
          `POST ${BASE}/allowances/${allowanceId}/email`,
          async () => {
            await this.holdEmails;
            const to = this.allowances.find((a) => a.allowanceId === allowanceId)!.email;
            return json(200, { sentTo: to, emailedAt: '2026-08-12T10:00:00.000Z' });
          },
        ]),
      ),
      [`GET ${BASE}/sources/1/vouchers/email`]: () => {
        // Each poll finds the run further on; the refused come back as unsent at the end.
        const m = this.mailing;
        if (m.sending > 0) {
          const step = Math.min(this.mailedPerPoll, m.sending);
          const left = m.sending - step;
          const refusedNow = left === 0 ? this.mailRefused : 0;
          this.mailing = {
            ...m,
            sending: left,
            emailed: m.emailed + step - refusedNow,
            unsent: m.unsent + refusedNow,
          };
        }
        return json(200, this.mailing);
      },
      [`POST ${BASE}/sources/1/vouchers/email`]: () => {
        const started = this.mailing.unsent;
        this.mailing = { ...this.mailing, unsent: 0, sending: this.mailing.sending + started };
        return json(started > 0 ? 202 : 200, { ...this.mailing, started });
      },
      [`GET ${BASE}/sources/1/ledger`]: (req) => {
        const entries = Array.from({ length: 30 }, (_, i) => ledgerEntry(i + 1));
        return json(200, { entries: paged(entries, req), recordCount: entries.length });
      },
      [`GET ${BASE}/sources/1/activity`]: () => json(200, { activity: [], recordCount: 0 }),
      [`GET ${BASE}/sources/1/uploads`]: () =>
        json(200, { uploads: this.upload ? [this.upload] : [] }),
      ...Object.fromEntries([31, 32].flatMap((id) => this.uploadHandlers(id))),
      [`GET ${BASE}/reports/access-day`]: async (req) => {
        const termId = Number(req.url.searchParams.get('termId'));
        const term = TERMS.find((t) => t.termId === termId);
        if (!term) return json(404, { message: 'Term not found.', field: 'termId' });
        if (this.holdAccessDay?.termId === termId) await this.holdAccessDay.release;
        const page = Number(req.url.searchParams.get('page') ?? 1);
        return json(200, accessDayReport(term, this.accessDayStudents, page));
      },
      [`GET ${BASE}/reports/spending`]: (req) =>
        req.url.searchParams.get('format') === 'xlsx'
          ? new Response('PK workbook', {
              headers: {
                'Content-Type': XLSX_CONTENT_TYPE,
                'Content-Disposition': 'attachment; filename="funding-spending-2026-08-12.xlsx"',
              },
            })
          : json(200, {
              rows: [
                {
                  sourceId: 1,
                  sourceName: 'Fall 2026 Book Advance',
                  kind: 'FINANCIAL_AID',
                  termId: 10,
                  termName: 'Fall 2026',
                  divisionName: 'Main Campus',
                  chargedCents: 1_500_000,
                  refundedCents: 300_000,
                  spentCents: 1_200_000,
                  orders: 40,
                  students: 35,
                },
                {
                  sourceId: 2,
                  sourceName: 'Honors Scholarship',
                  kind: 'SCHOLARSHIP',
                  termId: 10,
                  termName: 'Fall 2026',
                  divisionName: 'Main Campus',
                  chargedCents: 100_000,
                  refundedCents: 0,
                  spentCents: 100_000,
                  orders: 2,
                  students: 2,
                },
              ],
            }),
    };
    if (!this.refuse) return h;
    return Object.fromEntries(
      Object.keys(h).map((key) => [key, () => json(403, { message: FUNDING_REFUSAL })]),
    );
  }
}

/** The whole app at `path`, signed in as Pat with MANAGE_VOUCHERS (or the actions given). */
export function renderFunding(
  path = '/funding-management',
  options: { actions?: ActionName[]; server?: FakeFundingServer } = {},
) {
  const server = options.server ?? new FakeFundingServer();
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  const app = renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_VOUCHERS'] }),
    handlers: server.handlers(),
  });
  return { ...app, server };
}

export function callsTo(calls: readonly StubRequest[], method: string, path: string) {
  return calls.filter((c) => c.method === method && c.url.pathname === `${BASE}/${path}`);
}

export { screenWidth } from '../screen-width.ts';
