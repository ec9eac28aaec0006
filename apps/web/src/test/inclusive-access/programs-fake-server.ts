import {
  IA_MESSAGES,
  IA_PROGRAM_MESSAGES,
  type ActionName,
  type IaParticipant,
  type IaProgramBody,
  type IaProgramEditor,
  type IaProgramRow,
  type IaReminderStatus,
  type IaTerm,
  type IaTermDatesBody,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

export const IA_BASE = '/app-rest/admin_portal/v1/7/inclusiveAccess';
type Handler = (request: StubRequest) => Response | Promise<Response>;

export const FALL: IaTerm = {
  termId: 31,
  termName: 'Fall 2026',
  startDate: '2026-08-24',
  endDate: '2026-12-18',
  divisionId: 1,
  divisionName: 'Main Campus',
  optOutDeadline: '2026-09-20',
  refundUntil: null,
  deadlinePassed: false,
  mayEditDates: true,
  hasChargeFile: false,
  sections: 1,
  enrolled: 4,
  participantsIn: 3,
  participantsOut: 1,
  optOutRate: 25,
};

const BIO_ROW: IaProgramRow = {
  sectionId: 501,
  departmentCode: 'BIO',
  courseCode: '101',
  courseName: 'Principles of Biology',
  sectionCode: '001',
  model: 'OPT_OUT',
  materials: [
    { adoptionMaterialId: 9, titleName: 'Campbell Biology', isbn: null, priceCents: 5999 },
  ],
  totalCents: 5999,
  enrolled: 4,
  participantsIn: 3,
  participantsOut: 1,
  optOutRate: 25,
};

export const ANN: IaParticipant = {
  participantId: 1,
  studentId: 11,
  studentIdNum: '900000011',
  firstName: 'Ann',
  lastName: 'Able',
  enrolled: true,
  enrolledAt: '2026-08-20T10:00:00.000Z',
  droppedAt: null,
  choice: 'OUT',
  participating: false,
  history: [
    { change: 'ENROLLED', source: 'PROGRAM', at: '2026-08-20T10:00:00.000Z', actorName: 'Pat Lee' },
    { change: 'OPTED_OUT', source: 'STUDENT', at: '2026-09-02T10:00:00.000Z', actorName: null },
  ],
};

/** Fall's reminders: the start of term mostly sent, one failing; the deadline's not yet planned. */
export const FALL_REMINDERS: IaReminderStatus = {
  termId: 31,
  deadline: '2026-09-20',
  kinds: [
    {
      kind: 'TERM_START',
      planned: 4,
      sent: 2,
      failing: 1,
      waiting: 1,
      lastSentAt: '2026-08-24T14:27:00.000Z',
    },
    { kind: 'DEADLINE_NEAR', planned: 0, sent: 0, failing: 0, waiting: 0, lastSentAt: null },
  ],
};

/**
 * A stand-in for the programs' endpoints: the terms (dates refused after the term's end naming
 * the field), a term's programs, a section candidate (502, not in the program) and its editor,
 * and the participants of section 501; the term's reminders, and the store's integration token
 * (`tokenRefused`: a caller whose grant is not store-wide).
 */
export class FakeProgramsServer {
  term: IaTerm = structuredClone(FALL);
  programs: IaProgramRow[] = [structuredClone(BIO_ROW)];
  saved: { sectionId: number; body: IaProgramBody }[] = [];
  failTerms = false;
  reminders: IaReminderStatus = structuredClone(FALL_REMINDERS);
  tokenMadeAt: string | null = '2026-08-01T15:00:00.000Z';
  tokenRefused = false;

  private editor(sectionId: number): IaProgramEditor {
    const row = this.programs.find((p) => p.sectionId === sectionId);
    return {
      sectionId,
      label:
        sectionId === 501
          ? 'BIO 101, section 001 (Principles of Biology)'
          : 'BIO 101, section 002 (Principles of Biology)',
      term: this.term,
      inProgram: Boolean(row),
      model: row?.model ?? 'OPT_OUT',
      hasChargeLines: false,
      enrolled: row?.enrolled ?? 0,
      participantsIn: row?.participantsIn ?? 0,
      participantsOut: row?.participantsOut ?? 0,
      optOutRate: row?.optOutRate ?? null,
      materials: [
        {
          adoptionMaterialId: sectionId === 501 ? 9 : 10,
          titleName: 'Campbell Biology',
          author: 'Urry',
          isbn: '9780134093413',
          required: true,
          suggestedPriceCents: 6499,
          priceCents: row?.materials[0]?.priceCents ?? null,
        },
      ],
    };
  }

  private setDates(body: IaTermDatesBody): Response {
    if (body.optOutDeadline && body.optOutDeadline > this.term.endDate) {
      const message = `optOutDeadline: ${IA_PROGRAM_MESSAGES.deadlineAfterTermEnd}`;
      return json(400, { message, field: 'optOutDeadline' });
    }
    this.term = { ...this.term, ...body };
    return json(200, this.term);
  }

  handlers(): Record<string, Handler> {
    const terms = { terms: [this.term], today: '2026-09-01' };
    return {
      [`GET ${IA_BASE}/terms`]: () =>
        this.failTerms
          ? json(500, { message: 'The server failed.' })
          : json(200, { ...terms, terms: [this.term] }),
      [`GET ${IA_BASE}/dashboard`]: () => json(200, { terms: [this.term], today: '2026-09-01' }),
      [`PUT ${IA_BASE}/terms/31`]: (r) => this.setDates(r.body as IaTermDatesBody),
      [`GET ${IA_BASE}/terms/31/programs`]: () =>
        json(200, { term: this.term, programs: this.programs, recordCount: this.programs.length }),
      [`GET ${IA_BASE}/terms/99/programs`]: () =>
        json(404, { message: IA_MESSAGES.termNotFound, field: 'termId' }),
      [`GET ${IA_BASE}/terms/31/sectionCandidates`]: () =>
        json(200, {
          sections: [
            {
              sectionId: 502,
              label: 'BIO 101, section 002 (Principles of Biology)',
              iaMaterials: 1,
            },
          ],
        }),
      [`GET ${IA_BASE}/sections/501/program`]: () => json(200, this.editor(501)),
      [`GET ${IA_BASE}/sections/502/program`]: () => json(200, this.editor(502)),
      [`PUT ${IA_BASE}/sections/502/program`]: (r) => {
        this.saved.push({ sectionId: 502, body: r.body as IaProgramBody });
        return json(200, { ...this.editor(502), inProgram: true });
      },
      [`GET ${IA_BASE}/terms/31/reminders`]: () => json(200, this.reminders),
      [`GET ${IA_BASE}/integrationToken`]: () =>
        this.tokenRefused
          ? json(403, { message: 'Only store-wide managers handle the integration token.' })
          : json(200, { createdAt: this.tokenMadeAt }),
      [`GET ${IA_BASE}/sections/501/participants`]: () =>
        json(200, {
          inProgram: true,
          model: 'OPT_OUT',
          participants: [ANN],
          enrolled: 1,
          participantsIn: 0,
          participantsOut: 1,
          optOutRate: 100,
        }),
    };
  }
}

/** The whole app at `path`, signed in as Pat holding MANAGE_INCLUSIVE_ACCESS (or `actions`). */
export function renderPrograms(
  server: FakeProgramsServer,
  path: string,
  actions: ActionName[] = ['MANAGE_INCLUSIVE_ACCESS'],
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, { session: sessionResponse({ actions }), handlers: server.handlers() });
}
