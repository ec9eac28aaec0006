import {
  DEADLINE_MESSAGES,
  type ActionName,
  type DeadlineStatus,
  type TermDeadline,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

export const DEADLINES_PATH = '/app-rest/admin_portal/v1/7/adoptionDeadlines';
export const termDeadlinePath = (termId: number) => `${DEADLINES_PATH}/${termId}`;
export const DEADLINES_PAGE = '/campaigns/deadlines';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/** The store's today in the fake: what "the deadline has passed" is measured from. */
export const TODAY = '2026-07-20';

/** A term as the fake keeps it: its row's names and dates, and each section's first adoption. */
export interface FakeTerm {
  termId: number;
  termName: string;
  startDate: string;
  endDate: string;
  divisionId: number;
  divisionName: string;
  deadline: string | null;
  /** The day of each section's first adoption, or null when it has none. */
  adoptedOn: (string | null)[];
}

const MAIN = { divisionId: 1, divisionName: 'Main Campus' };

export const FALL: FakeTerm = {
  termId: 31,
  termName: 'Fall 2026',
  startDate: '2026-08-24',
  endDate: '2026-12-18',
  ...MAIN,
  deadline: '2026-07-15',
  // 2 on time, 1 late, 3 without an adoption (missing: the deadline has passed).
  adoptedOn: ['2026-07-01', '2026-07-15', '2026-07-18', null, null, null],
};

export const SPRING: FakeTerm = {
  termId: 32,
  termName: 'Spring 2027',
  startDate: '2027-01-19',
  endDate: '2027-05-14',
  ...MAIN,
  deadline: null,
  adoptedOn: ['2026-07-10', null, null, null],
};

export const LAW_FALL: FakeTerm = {
  termId: 41,
  termName: 'Law Fall 2026',
  startDate: '2026-08-17',
  endDate: '2026-12-11',
  divisionId: 2,
  divisionName: 'School of Law',
  deadline: null,
  adoptedOn: [null, null],
};

/** The contract's rule, as the server applies it (a day compares as text). */
function standing(adopted: string | null, deadline: string | null): DeadlineStatus {
  if (adopted) return !deadline || adopted <= deadline ? 'ON_TIME' : 'LATE';
  return deadline && deadline < TODAY ? 'MISSING' : 'OPEN';
}

export function termRow(term: FakeTerm): TermDeadline {
  const statuses = term.adoptedOn.map((day) => standing(day, term.deadline));
  const how = (status: DeadlineStatus) => statuses.filter((s) => s === status).length;
  const { adoptedOn, ...row } = term;
  return {
    ...row,
    sections: adoptedOn.length,
    onTime: how('ON_TIME'),
    late: how('LATE'),
    missing: how('MISSING'),
    open: how('OPEN'),
  };
}

/**
 * A stand-in for the two adoption deadline endpoints as the server answers them: the list of
 * the caller's terms, and a PUT that refuses a day after the term's last (400 naming
 * `deadline`) and answers the term's new row. `fail` answers every list call with that status.
 */
export class FakeDeadlinesServer {
  terms: FakeTerm[] = [structuredClone(FALL), structuredClone(SPRING)];
  fail: { status: number; message: string } | null = null;

  answer() {
    return { terms: this.terms.map(termRow), today: TODAY };
  }

  private setDeadline(termId: number, body: { deadline: string | null }): Response {
    const term = this.terms.find((t) => t.termId === termId);
    if (!term) return json(404, { message: DEADLINE_MESSAGES.termNotFound, field: 'termId' });
    if (body.deadline && body.deadline > term.endDate) {
      return json(400, {
        message: `deadline: ${DEADLINE_MESSAGES.afterTermEnd}`,
        field: 'deadline',
      });
    }
    term.deadline = body.deadline;
    return json(200, termRow(term));
  }

  handlers(): Record<string, Handler> {
    const handlers: Record<string, Handler> = {
      [`GET ${DEADLINES_PATH}`]: () =>
        this.fail
          ? json(this.fail.status, { message: this.fail.message })
          : json(200, this.answer()),
    };
    for (const term of [FALL, SPRING, LAW_FALL]) {
      handlers[`PUT ${termDeadlinePath(term.termId)}`] = (request) =>
        this.setDeadline(term.termId, request.body as { deadline: string | null });
    }
    return handlers;
  }
}

/** The whole app at the deadlines page, signed in (remember-me) as Pat with the given actions. */
export function renderDeadlines(
  server: FakeDeadlinesServer,
  options: { actions?: ActionName[]; path?: string; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(options.path ?? DEADLINES_PAGE, {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_ADOPTION_CAMPAIGNS'] }),
    handlers: { ...server.handlers(), ...options.handlers },
  });
}

/** The calls made to one endpoint path, e.g. `callsTo(calls, 'PUT', termDeadlinePath(31))`. */
export function callsTo(calls: StubRequest[], method: string, path: string): StubRequest[] {
  return calls.filter((c) => c.method === method && c.url.pathname === path);
}
