import type { FastifyInstance } from 'fastify';
import {
  getTextbookCsv,
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { sendWithEtag } from '../../../lib/etag.ts';
import { publicCaching } from './cache.ts';
import { CsvAbandoned, textbookCsvFileName, textbookCsvWriter, writeTextbookCsv } from './csv.ts';
import { findStoreName } from './repository.ts';
import {
  presentTerm,
  requireTerm,
  textbookDepartment,
  textbookTerm,
  textbookTerms,
} from './service.ts';

const TAGS = ['research'];
const DOCS = { tags: TAGS, errors: [404] };

/**
 * The public textbook list (HEOA): terms, a term's departments, a department, the CSV. No
 * login: the Host's website names the store, and every read is scoped to it. In a scope of its
 * own so its caching headers apply to these routes only.
 */
export function registerTextbookListRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    publicCaching(scope);

    route(scope, getTextbookTerms, DOCS, async ({ request, reply }) => {
      const { locationId } = requireWebsite(request);
      const body = await textbookTerms(deps.db, locationId, deps.now());
      return sendWithEtag(request, reply, body) as never;
    });

    route(scope, getTextbookTerm, DOCS, async ({ query, request, reply }) => {
      const { locationId } = requireWebsite(request);
      const body = await textbookTerm(deps.db, locationId, query.termId);
      return sendWithEtag(request, reply, body) as never;
    });

    route(scope, getTextbookDepartment, DOCS, async ({ query, request, reply }) => {
      const { locationId } = requireWebsite(request);
      const body = await textbookDepartment(deps.db, locationId, query.termId, query.departmentId);
      return sendWithEtag(request, reply, body) as never;
    });

    // Streamed as it is read; once the first bytes are out a failure cuts the connection, so
    // a browser reports a failed download instead of keeping half a list as complete.
    route(scope, getTextbookCsv, DOCS, async ({ query, request, reply }) => {
      const { locationId } = requireWebsite(request);
      const term = presentTerm(await requireTerm(deps.db, locationId, query.termId));
      const storeName = await findStoreName(deps.db, locationId);
      const out = textbookCsvWriter();
      writeTextbookCsv(deps.db, locationId, term, out).catch((error: unknown) => {
        if (error instanceof CsvAbandoned) return;
        request.log.error({ err: error }, 'textbook CSV failed while streaming');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${textbookCsvFileName(storeName, term)}"`,
        )
        .send(out) as never;
    });
  });
}
