import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getInTransitRentals,
  getMarketplaceConditions,
  getOutstandingRentals,
  printRentalLabel,
  returnRentals,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { labelUrlFor } from '../../print/index.ts';
import { storeConditions } from './repository.ts';
import { inTransitList, outstandingList } from './lists.ts';
import { RENTAL_MESSAGES as M } from './messages.ts';
import { returnRentalsFor } from './return.ts';
import { printShippingLabel } from './shipment.ts';
import { requireStudentAction, studentReader } from '../access/student-access.ts';

const TAGS = ['students'];

/**
 * docs/behaviour/calls.md#rental-service: the return conditions, the two rental lists, returns and
 * return-shipping labels.
 */
export function registerRentalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /** Clerks who may return: the lookup right, then RETURN_RENTALS (403 before any 404). */
  const returner = async (request: FastifyRequest) => {
    const reader = await studentReader(db, request);
    await requireStudentAction(reader.grants, 'RETURN_RENTALS', M.mayNotReturn);
    return reader.scope;
  };

  // The conditions a returned rental may be given (the return form's choices).
  route(app, getMarketplaceConditions, { tags: TAGS }, async ({ request }) => {
    const { session } = await studentReader(db, request);
    const conditions = await storeConditions(db, session.locationId);
    return { market_conditions: conditions.map(({ name }) => ({ name })) };
  });

  route(app, getOutstandingRentals, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, scope } = await studentReader(db, request);
    const student = await scope.open(query.customerId);
    return { rentalListDTO: await outstandingList(db, session.locationId, student.row.id) };
  });

  route(app, getInTransitRentals, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, scope } = await studentReader(db, request);
    const student = await scope.open(query.customerId);
    const labelUrl = labelUrlFor(request, deps.config);
    return inTransitList(db, session.locationId, student.row.id, labelUrl, deps.now());
  });

  route(app, returnRentals, { tags: TAGS, errors: [404, 415] }, async ({ body, request }) => {
    const scope = await returner(request);
    return returnRentalsFor(deps, scope, body, labelUrlFor(request, deps.config));
  });

  route(app, printRentalLabel, { tags: TAGS, errors: [404, 415] }, async ({ body, request }) => {
    const scope = await returner(request);
    return printShippingLabel(deps, scope, body, labelUrlFor(request, deps.config));
  });
}
