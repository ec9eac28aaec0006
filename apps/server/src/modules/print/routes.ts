import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  FILE_MEDIA_TYPES,
  getRentalLabelContent,
  getRentalLabelPdf,
  getTestLabelContent,
  getTestLabelPdf,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import { route } from '../../lib/route.ts';
import { labelContentOf } from './label-content.ts';
import { labelDocument, loadLabel } from './label-document.ts';
import { loadTestLabel, renderTestLabel, testLabelContent } from './test-label.ts';

// Tagged as before the module had its own folder: the API document stays the same.
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

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type(FILE_MEDIA_TYPES.pdf)
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('content-security-policy', LABEL_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .send(pdf);
}

/**
 * Label documents: a rental label's PDF and its content for label printers that compose their
 * own labels (DYMO), and the printer panel's test label. None needs an Auth-Token: a new
 * browser tab or the workstation's local print service fetches them. A rental label's token
 * is its key and answers on its own store's websites only; the test label holds no student's
 * data and is the website's own store's.
 */
export function registerPrintRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // In a scope of its own: its hook has the last word over the API's no-store (a scope's
  // hooks run after the app's).
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('cache-control', LABEL_CACHE_CONTROL);
      return payload;
    });
    route(scope, getRentalLabelPdf, { tags: TAGS, errors: [404, 410] }, async (input) => {
      const website = requireWebsite(input.request);
      const label = await loadLabel(db, website.locationId, input.params.token, deps.now());
      const { pdf, fileName } = await labelDocument(label);
      return sendPdf(input.reply, pdf, fileName);
    });
  });

  route(app, getRentalLabelContent, { tags: TAGS, errors: [404, 410] }, async (input) => {
    const website = requireWebsite(input.request);
    return labelContentOf(await loadLabel(db, website.locationId, input.params.token, deps.now()));
  });

  route(app, getTestLabelPdf, { tags: TAGS, errors: [404] }, async ({ request, reply }) => {
    const website = requireWebsite(request);
    const label = await loadTestLabel(db, website.locationId, deps.now());
    return sendPdf(reply, await renderTestLabel(label), 'test-label.pdf');
  });

  route(app, getTestLabelContent, { tags: TAGS, errors: [404] }, async ({ request }) => {
    const website = requireWebsite(request);
    return testLabelContent(await loadTestLabel(db, website.locationId, deps.now()));
  });
}
