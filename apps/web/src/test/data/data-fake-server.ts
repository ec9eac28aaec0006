import { vi } from 'vitest';
import type { ActionName, ImportIssue, ImportSummary } from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';
import { importFormat, importSummary, termHoldings } from './data-fixtures.ts';
import { FakeXhr } from './fake-xhr.ts';

export const BASE = '/app-rest/admin_portal/v1/7/data';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * A stand-in for the data endpoints with one import the test moves along by hand
 * (`server.current`): the page polls it, as it would poll the real server.
 */
export class FakeDataServer {
  current: ImportSummary | null = null;
  issues: ImportIssue[] = Array.from({ length: 33 }, (_, i) => ({
    rowNumber: 100 + i,
    column: 'Course Section',
    value: '',
    message: 'A section code is required.',
    warning: false,
  }));
  applyCalls = 0;
  /** The column mappings the page sent, and the refusal to answer them with (null: accepted). */
  mapCalls = 0;
  mapRefusal: { status: number; message: string; field?: string } | null = null;
  /** While set, a column mapping is answered only once it resolves (a slow server). */
  mapGate: Promise<void> | null = null;
  /** The refusal to answer a template download with (null: the CSV). */
  templateRefusal: { status: number; message: string } | null = null;
  /** The status's feeds as a test sets them; null: from `current`. */
  feeds: unknown[] | null = null;

  handlers(): Record<string, Handler> {
    return {
      [`GET ${BASE}/status`]: () =>
        json(200, {
          feeds: this.feeds ?? [
            { feed: 'DIVISIONS_TERMS', lastImport: null, lastApplied: null },
            {
              feed: 'COURSES_SECTIONS',
              lastImport: this.current?.status === 'APPLIED' ? this.current : null,
              lastApplied: this.current?.status === 'APPLIED' ? this.current : null,
            },
            { feed: 'PROFESSORS', lastImport: null, lastApplied: null },
            { feed: 'STUDENTS_ENROLLMENTS', lastImport: null, lastApplied: null },
            { feed: 'PRODUCTS_PRICES', lastImport: null, lastApplied: null },
            { feed: 'ADOPTION_HISTORY', lastImport: null, lastApplied: null },
          ],
          divisions: [
            { divisionId: 1, divisionName: 'Main Campus' },
            { divisionId: 2, divisionName: 'School of Law' },
          ],
          terms: [termHoldings()],
          students: 1200,
          products: 5000,
        }),
      [`GET ${BASE}/formats`]: () =>
        json(200, {
          formats: [
            importFormat(),
            importFormat({ formatId: 'uoft-adoptions', name: 'UofT adoptions', needsDivision: false }),
          ],
        }),
      [`GET ${BASE}/imports`]: () => json(200, { imports: this.current ? [this.current] : [] }),
      [`GET ${BASE}/imports/31`]: () =>
        this.current ? json(200, this.current) : json(404, { message: 'No such import.' }),
      [`GET ${BASE}/imports/31/issues`]: (req) => {
        const offset = Number(req.url.searchParams.get('offset'));
        const limit = Number(req.url.searchParams.get('limit'));
        return json(200, {
          issues: this.issues.slice(offset, offset + limit),
          total: this.issues.length,
        });
      },
      [`POST ${BASE}/imports/31/columns`]: async () => {
        this.mapCalls += 1;
        await this.mapGate;
        if (this.mapRefusal) {
          const { status, ...body } = this.mapRefusal;
          return json(status, body);
        }
        this.current = importSummary({
          status: 'VALIDATING',
          rowsRead: 0,
          progress: null,
          columnMapping: this.current?.columnMapping ?? null,
        });
        return json(202, this.current);
      },
      [`GET ${BASE}/formats/uiuc-grades-by-crn/template.csv`]: () =>
        this.templateRefusal
          ? json(this.templateRefusal.status, { message: this.templateRefusal.message })
          : new Response('Course Subject,Course Section\nAAS,AD1\n', {
              status: 200,
              headers: {
                'Content-Type': 'text/csv; charset=utf-8',
                'Content-Disposition': 'attachment; filename="uiuc-grades-by-crn-template.csv"',
              },
            }),
      [`POST ${BASE}/imports/31/apply`]: () => {
        this.applyCalls += 1;
        this.current = importSummary({ status: 'APPLYING', progress: { done: 0, total: 6540 } });
        return json(202, this.current);
      },
    };
  }

  /** The upload the page sent, answered as the server does: the import, being checked. */
  acceptUpload() {
    this.current = importSummary({ status: 'VALIDATING', rowsRead: 0, progress: null });
    FakeXhr.sent.at(-1)!.answer(202, this.current);
  }
}

/** The whole app at `path`, signed in as a data manager, with XMLHttpRequest faked. */
export function renderDataSummary(
  path = '/data-summary',
  options: { actions?: ActionName[]; server?: FakeDataServer } = {},
) {
  const server = options.server ?? new FakeDataServer();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  const app = renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['DATA_MANAGER'] }),
    handlers: server.handlers(),
  });
  return { ...app, server };
}
