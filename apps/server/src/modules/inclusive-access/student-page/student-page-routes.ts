import type { FastifyInstance } from 'fastify';
import {
  endIaStudentSession,
  getIaStudentPage,
  requestIaSignInLink,
  setIaStudentChoice,
  startIaStudentSession,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { changeChoice, storeToday, toSection } from './ia-choices.ts';
import { listIaSections } from './ia-section-repository.ts';
import { registerStaffStudentRoutes } from './staff-routes.ts';
import { studentOf, studentSessionHook, studentSessionToken } from './student-session.ts';
import { endStudentSession, requestSignInLink, startStudentSession } from './student-sign-in.ts';

const TAGS = ['inclusive-access'];

/**
 * The student's own page (issue 32, point 2) on the store's website, and the staff's view of a
 * student's inclusive access. The sign-in calls are public (the link's token is the credential);
 * the student's own calls sit in a context of their own whose one hook checks the student
 * session (student-session.ts, ADR 0048), and every query of theirs is bound to that student.
 */
export function registerStudentPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(
    app,
    requestIaSignInLink,
    { tags: TAGS, errors: [404, 429] },
    async ({ body, request, reply }) => {
      const answer = await requestSignInLink(deps, requireWebsite(request), {
        email: body.email,
        ip: request.ip,
      });
      reply.code(202);
      return answer;
    },
  );

  route(app, startIaStudentSession, { tags: TAGS, errors: [404] }, async ({ body, request }) =>
    startStudentSession(deps, requireWebsite(request), body.token),
  );

  route(app, endIaStudentSession, { tags: TAGS, errors: [404] }, async ({ request }) =>
    endStudentSession(deps, requireWebsite(request), studentSessionToken(request)),
  );

  void app.register(async (student) => {
    student.decorateRequest('iaStudent', null);
    student.addHook('onRequest', studentSessionHook(deps));

    route(student, getIaStudentPage, { tags: TAGS, errors: [401, 404] }, async ({ request }) => {
      const website = requireWebsite(request);
      const { studentId, firstName, locationId } = studentOf(request);
      const today = storeToday(deps);
      const rows = await listIaSections(deps.db, {
        locationId,
        studentId,
        currentOn: today,
        enrolledOnly: true,
      });
      return {
        storeName: website.siteTitle,
        firstName,
        today,
        sections: rows.map((row) => toSection(row, today)),
      };
    });

    route(
      student,
      setIaStudentChoice,
      { tags: TAGS, errors: [401, 404, 409] },
      async ({ params, body, request }) => {
        const { studentId } = studentOf(request);
        const row = await changeChoice(deps, {
          website: requireWebsite(request),
          studentId,
          participantId: params.participantId,
          choice: body.choice,
          actor: { source: 'STUDENT' },
        });
        return toSection(row, storeToday(deps));
      },
    );
  });

  registerStaffStudentRoutes(app, deps);
}
