import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  createIaIntegrationToken,
  getIaAccessListCsv,
  getIaIntegrationToken,
  getIaSectionAccessList,
  getIaTermAccessLists,
  IA_ACCESS_LIST_CSV_COLUMNS,
  IA_ACCESS_LIST_MESSAGES as M,
  IA_MESSAGES,
  revokeIaIntegrationToken,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import {
  revokeTokenHash,
  saveTokenHash,
  sectionAccessList,
  termAccessLists,
  tokenCreatedAt,
} from './access-list-repository.ts';
import { newStoreToken, requireStoreToken } from './store-token.ts';

const TAGS = ['inclusive-access'];
const ACTION = 'MANAGE_INCLUSIVE_ACCESS';

/** As the public CSVs: BOM for Excel, CRLF, formulas escaped (research/textbooks/csv.ts). */
const CSV_OPTIONS = { bom: true, escape_formulas: true, record_delimiter: 'windows' } as const;

/**
 * The integration token is the store's: store-wide MANAGE_INCLUSIVE_ACCESS or MANAGE_STORE (a
 * division's manager would reach every division's lists through it).
 */
async function requireTokenManager(request: FastifyRequest): Promise<void> {
  const grants = await request.grants;
  if (!grants.holdsEverywhere(ACTION) && !grants.holdsEverywhere('MANAGE_STORE')) {
    throw AppError.forbidden(M.tokenRefusal);
  }
}

/** Access lists (issue 32, point 5): staff's CSV, the platforms' JSON, the store's token. */
export function registerAccessListRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getIaAccessListCsv, { tags: TAGS, errors: [404] }, async (c) => {
    const grants = await c.request.grants;
    await grants.requireAny([ACTION], IA_MESSAGES.refusal);
    const { locationId } = c.request.session;
    const { sectionId } = c.params;
    if (!(await grants.mayDo(ACTION, { sectionId }))) {
      throw AppError.notFound(M.notInProgram, 'sectionId');
    }
    const list = await sectionAccessList(deps.db, locationId, sectionId);
    if (!list) throw AppError.notFound(M.notInProgram, 'sectionId');
    const csv = stringify(
      list.students.map((s) => [s.studentId, s.lastName, s.firstName, s.email]),
      { ...CSV_OPTIONS, header: true, columns: IA_ACCESS_LIST_CSV_COLUMNS },
    );
    const name =
      `access-list-${list.departmentCode}-${list.courseCode}-${list.sectionCode}.csv`.replace(
        /[^A-Za-z0-9._-]+/g,
        '_',
      );
    return c.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv) as never;
  });

  route(app, getIaTermAccessLists, { tags: TAGS, errors: [401, 404] }, async (c) => {
    const locationId = await requireStoreToken(deps.db, c.request);
    const sections = await termAccessLists(deps.db, locationId, c.params.termId);
    if (!sections) throw AppError.notFound(M.termNotFound, 'termId');
    return { termId: c.params.termId, sections };
  });

  route(app, getIaSectionAccessList, { tags: TAGS, errors: [401, 404] }, async (c) => {
    const locationId = await requireStoreToken(deps.db, c.request);
    const list = await sectionAccessList(deps.db, locationId, c.params.sectionId);
    if (!list) throw AppError.notFound(M.sectionNotFound, 'sectionId');
    return list;
  });

  route(app, getIaIntegrationToken, { tags: TAGS }, async (c) => {
    await requireTokenManager(c.request);
    return { createdAt: await tokenCreatedAt(deps.db, c.request.session.locationId) };
  });

  route(app, createIaIntegrationToken, { tags: TAGS }, async (c) => {
    await requireTokenManager(c.request);
    const { locationId, accountId } = c.request.session;
    const { token, hash } = newStoreToken();
    const createdAt = await saveTokenHash(deps.db, locationId, hash, accountId);
    return { token, createdAt };
  });

  route(app, revokeIaIntegrationToken, { tags: TAGS }, async (c) => {
    await requireTokenManager(c.request);
    const { locationId, accountId } = c.request.session;
    await revokeTokenHash(deps.db, locationId, accountId);
    return { createdAt: null };
  });
}
