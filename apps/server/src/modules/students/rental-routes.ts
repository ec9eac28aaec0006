import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  getInTransitRentals,
  getOutstandingRentals,
  printRentalLabel,
  RENTAL_LABEL_PATH,
  returnRentals,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import { route } from '../../lib/route.ts';
import { labelDocument } from './label-document.ts';
import { labelUrlFor } from './label-url.ts';
import { inTransitList, outstandingList } from './rental-lists.ts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { returnRentalsFor } from './rental-return.ts';
import { printShippingLabel } from './rental-shipment.ts';
import { requireStudentAction, studentOfStore, studentReader } from './student-access.ts';

const TAGS = ['students'];

/**
 * A label PDF may be kept by the browser that opened it (it is the same document until it
 * expires), but by no shared cache: its URL is its only key.
 */
const LABEL_CACHE_CONTROL = 'private, max-age=3600';
/**
 * The PDF must open in the browser's viewer (object-src) and may be framed by the portal's
 * own pages for printing; nothing else is allowed.
 */
const LABEL_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/** Spec §7 Rental service: the two rental lists, returns, return-shipping labels, label PDFs. */
export function registerRentalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /** Clerks who may return: the lookup right, then RETURN_RENTALS (403 before any 404). */
  const returner = async (request: FastifyRequest) => {
    const reader = await studentReader(db, request);
    await requireStudentAction(reader.grants, 'RETURN_RENTALS', M.mayNotReturn);
    return reader.session;
  };

  route(app, getOutstandingRentals, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session } = await studentReader(db, request);
    const student = await studentOfStore(db, session, query.customerId);
    return { rentalListDTO: await outstandingList(db, session.locationId, student.id) };
  });

  route(app, getInTransitRentals, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session } = await studentReader(db, request);
    const student = await studentOfStore(db, session, query.customerId);
    const labelUrl = labelUrlFor(request, deps.config);
    return inTransitList(db, session.locationId, student.id, labelUrl, deps.now());
  });

  route(app, returnRentals, { tags: TAGS, errors: [404, 415] }, async ({ body, request }) => {
    const session = await returner(request);
    return returnRentalsFor(deps, session, body, labelUrlFor(request, deps.config));
  });

  route(app, printRentalLabel, { tags: TAGS, errors: [404, 415] }, async ({ body, request }) => {
    const session = await returner(request);
    return printShippingLabel(deps, session, body, labelUrlFor(request, deps.config));
  });

  // No Auth-Token: a new browser tab or the local print service fetches it. The token in the
  // URL is the key; the label answers on its own store's websites only.
  app.route({
    method: 'GET',
    url: RENTAL_LABEL_PATH,
    schema: {
      summary:
        "A rental label as a PDF at the DYMO 30256 size (a counter return, or a return-shipping label with its Code 128 tracking number). No Auth-Token: the URL is the key; it answers on its store's websites until it expires (410)",
      tags: TAGS,
      params: z.object({ token: z.string().min(1).max(200) }),
    },
    // Route hooks run after the app's: this one has the last word over the API's no-store.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('cache-control', LABEL_CACHE_CONTROL);
      return payload;
    },
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const website = requireWebsite(request);
      const label = await labelDocument(db, website.locationId, token, deps.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${label.fileName}"`)
        .header('content-security-policy', LABEL_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(label.pdf);
    },
  });
}
