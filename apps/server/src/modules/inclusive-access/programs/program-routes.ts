import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IA_MESSAGES,
  IA_PROGRAM_MESSAGES as M,
  getIaDashboard,
  getIaParticipants,
  getIaProgram,
  getIaSectionCandidates,
  getIaTermPrograms,
  getIaTerms,
  saveIaProgram,
  setIaTermDates,
  type IaTermDatesBody,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { iaReach } from './program-access.ts';
import { listParticipants } from './participant-repository.ts';
import {
  findSectionInReach,
  listSectionCandidates,
  listTermPrograms,
  programFigures,
} from './program-repository.ts';
import { programEditor, saveProgram } from './program-service.ts';
import { readProgram } from './program-writes.ts';
import * as terms from './term-repository.ts';

const TAGS = ['inclusive-access'];

/** 400 naming the field when the dates break a rule; the term's last day bounds the deadline. */
function refuseDates(body: IaTermDatesBody, endDate: string): void {
  const { optOutDeadline, refundUntil } = body;
  if (optOutDeadline !== null && optOutDeadline > endDate) {
    throw AppError.badRequest(`optOutDeadline: ${M.deadlineAfterTermEnd}`, 'optOutDeadline');
  }
  if (refundUntil !== null && optOutDeadline === null) {
    throw AppError.badRequest(`refundUntil: ${M.refundWithoutDeadline}`, 'refundUntil');
  }
  if (refundUntil !== null && optOutDeadline !== null && refundUntil < optOutDeadline) {
    throw AppError.badRequest(`refundUntil: ${M.refundBeforeDeadline}`, 'refundUntil');
  }
}

/**
 * Programs per section (issue 32, points 1 and 6): the terms' opt-out deadlines and refund
 * windows, each term's programs, a section's program and its participants.
 */
export function registerProgramRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const today = () => isoDay(deps.now());
  /** The term as the lists show it, within the caller's reach (its division's, when asked), else 404. */
  const termOr404 = async (request: FastifyRequest, termId: number, byDivision = false) => {
    const reach = await iaReach(request);
    const { locationId } = request.session;
    const term = await terms.findIaTerm(db, locationId, reach, today(), termId, byDivision);
    if (!term) throw AppError.notFound(IA_MESSAGES.termNotFound, 'termId');
    return { term, reach, locationId };
  };

  route(app, getIaTerms, { tags: TAGS }, async ({ request }) => {
    const reach = await iaReach(request);
    const list = await terms.listIaTerms(db, request.session.locationId, reach, today());
    return { terms: list, today: today() };
  });

  route(app, getIaDashboard, { tags: TAGS }, async ({ request }) => {
    const reach = await iaReach(request);
    const list = await terms.listIaTerms(db, request.session.locationId, reach, today(), true);
    return { terms: list, today: today() };
  });

  route(
    app,
    setIaTermDates,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const { accountId } = request.session;
      const { term: found, locationId } = await termOr404(request, params.termId, true);
      refuseDates(body, found.endDate);
      await db.transaction(async (tx) => {
        const before = await terms.lockTermDates(tx, params.termId);
        if (!before) throw AppError.notFound(IA_MESSAGES.termNotFound, 'termId');
        const same =
          before.optOutDeadline === body.optOutDeadline && before.refundUntil === body.refundUntil;
        if (same) return;
        // Charges fixed at the deadline stay right only while it stays: a later day would let
        // charged students opt out (no credit follows), an earlier one would charge drops that
        // were before it.
        if (body.optOutDeadline !== before.optOutDeadline && before.hasCharges) {
          throw AppError.conflict(M.deadlineHasChargeFile, 'optOutDeadline');
        }
        await terms.saveTermDates(tx, params.termId, body);
        const was = { optOutDeadline: before.optOutDeadline, refundUntil: before.refundUntil };
        await terms.auditIaChange(tx, {
          locationId,
          actorAccountId: accountId,
          event: 'IA_TERM_DATES_CHANGED',
          before: { termId: params.termId, ...was },
          after: { termId: params.termId, ...body },
          at: deps.now(),
        });
      });
      return (await termOr404(request, params.termId, true)).term;
    },
  );

  route(
    app,
    getIaTermPrograms,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const { term, reach, locationId } = await termOr404(request, params.termId);
      const page = await listTermPrograms(db, locationId, reach, params.termId, query);
      return { term, ...page };
    },
  );

  route(
    app,
    getIaSectionCandidates,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const { reach, locationId } = await termOr404(request, params.termId);
      const rows = await listSectionCandidates(db, locationId, reach, params.termId, query.search);
      return {
        sections: rows.map((r) => ({
          sectionId: Number(r.section_id),
          label: r.label,
          iaMaterials: Number(r.ia_materials),
        })),
      };
    },
  );

  route(app, getIaProgram, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const reach = await iaReach(request);
    return programEditor(db, request.session.locationId, reach, params.sectionId, deps.now());
  });

  route(
    app,
    saveIaProgram,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const reach = await iaReach(request);
      const { session } = request;
      await saveProgram(db, session, reach, params.sectionId, body, deps.now());
      return programEditor(db, session.locationId, reach, params.sectionId, deps.now());
    },
  );

  route(app, getIaParticipants, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const reach = await iaReach(request);
    const { locationId } = request.session;
    const section = await findSectionInReach(db, locationId, reach, params.sectionId);
    if (!section) throw AppError.notFound(IA_MESSAGES.sectionNotFound, 'sectionId');
    const program = await readProgram(db, params.sectionId);
    const counts = await programFigures(db, params.sectionId);
    if (!program) return { inProgram: false, model: null, participants: [], ...counts };
    const participants = await listParticipants(db, program.id);
    return { inProgram: true, model: program.model, participants, ...counts };
  });
}
