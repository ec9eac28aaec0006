import type { FastifyInstance } from 'fastify';
import { CONTACT_MESSAGES as M, getDepartmentContacts, setDepartmentContact } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { refuseUnknownRecipients } from '../../mail/index.ts';
import { campaignDivisions } from '../campaign-access.ts';
import {
  auditContactChange,
  departmentContact,
  listDepartmentContacts,
  reachableDepartment,
  saveDepartmentContact,
} from './contact-repository.ts';

const TAGS = ['campaigns'];

/** Department contacts (issue 30, point 2): who gets each department's campaign digest. */
export function registerContactRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getDepartmentContacts, { tags: TAGS }, async ({ query, request }) => {
    const divisions = await campaignDivisions(request);
    const today = isoDay(deps.now());
    return listDepartmentContacts(deps.db, request.session.locationId, today, divisions, query);
  });

  route(
    app,
    setDepartmentContact,
    { tags: TAGS, errors: [404] },
    async ({ params, body, request }) => {
      const divisions = await campaignDivisions(request);
      const { locationId, accountId } = request.session;
      const { departmentId } = params;
      const found = await reachableDepartment(deps.db, locationId, departmentId, divisions);
      if (!found) throw AppError.notFound(M.departmentNotFound, 'departmentId');
      // The digest goes to this address: only to someone the store knows (ADR 0024).
      if (body.contactEmail) {
        await refuseUnknownRecipients(deps.db, locationId, 'contactEmail', [body.contactEmail]);
      }
      const after = { contactName: body.contactName, contactEmail: body.contactEmail };
      await deps.db.transaction(async (tx) => {
        const before = await reachableDepartment(tx, locationId, departmentId, divisions, true);
        if (!before) throw AppError.notFound(M.departmentNotFound, 'departmentId');
        // The same contact saved again (a retry, a double press) changes and audits nothing.
        if (
          before.contactName === after.contactName &&
          before.contactEmail === after.contactEmail
        ) {
          return;
        }
        await saveDepartmentContact(tx, departmentId, after);
        const what = { departmentId, code: before.code };
        await auditContactChange(tx, {
          locationId,
          actorAccountId: accountId,
          before: { ...what, contactName: before.contactName, contactEmail: before.contactEmail },
          after: { ...what, ...after },
          at: deps.now(),
        });
      });
      const answer = await departmentContact(deps.db, locationId, isoDay(deps.now()), departmentId);
      if (!answer) throw AppError.notFound(M.departmentNotFound, 'departmentId');
      return answer;
    },
  );
}
