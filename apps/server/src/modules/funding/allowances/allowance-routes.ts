import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  addAllowance,
  emailSourceVouchers,
  emailVoucher,
  getAllowances,
  getSourceVouchersPdf,
  getVoucherMailing,
  getVoucherPdf,
  setAllowanceAmount,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { setAllowanceAmountOf } from './allowance-amount.ts';
import { sourceAllowancePage } from './allowance-list.ts';
import { fundingManager } from '../funding-access.ts';
import { addSourceAllowance } from '../sources/source-allowance-add.ts';
import { emailVoucherOf } from '../vouchers/voucher-email.ts';
import { startVoucherMailing, voucherMailingOf } from '../vouchers/voucher-mailing.ts';
import { allowanceVoucherPdf, sourceVouchersPdf } from '../vouchers/voucher-pdf-documents.ts';

const TAGS = ['funding'];

/** A voucher PDF opens in the browser's viewer; it names students, so nothing caches it. */
function sendPdf(reply: FastifyReply, document: { pdf: Buffer; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${document.fileName}"`)
    .header('cache-control', 'no-store')
    .send(document.pdf);
}

/**
 * A source's allowances: the list, adding one, changing an amount, vouchers (PDF, e-mail one,
 * e-mail every one not yet sent).
 */
export function registerAllowanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getAllowances, { tags: TAGS, errors: [404] }, async ({ params, query, request }) => {
    const session = await fundingManager(db, request);
    return sourceAllowancePage(db, session.locationId, params.sourceId, query);
  });

  route(
    app,
    addAllowance,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const session = await fundingManager(db, request);
      return addSourceAllowance(db, session, params.sourceId, body, deps.now());
    },
  );

  route(
    app,
    setAllowanceAmount,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const session = await fundingManager(db, request);
      return setAllowanceAmountOf(db, session, params.allowanceId, body, deps.now());
    },
  );

  route(app, getVoucherPdf, { tags: TAGS, errors: [404] }, async ({ params, request, reply }) => {
    const session = await fundingManager(db, request);
    const document = await allowanceVoucherPdf(db, session, params.allowanceId, deps.now());
    return sendPdf(reply, document);
  });

  route(
    app,
    getSourceVouchersPdf,
    { tags: TAGS, errors: [404] },
    async ({ params, request, reply }) => {
      const session = await fundingManager(db, request);
      return sendPdf(reply, await sourceVouchersPdf(db, session, params.sourceId, deps.now()));
    },
  );

  route(app, emailVoucher, { tags: TAGS, errors: [404, 429, 502] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    const website = requireWebsite(request);
    return emailVoucherOf(
      deps,
      request.log,
      session,
      params.allowanceId,
      website.siteTitle,
      deps.now(),
    );
  });

  route(app, getVoucherMailing, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    return voucherMailingOf(deps, session.locationId, params.sourceId);
  });

  route(
    app,
    emailSourceVouchers,
    { tags: TAGS, errors: [404, 429] },
    async ({ params, request, reply }) => {
      const session = await fundingManager(db, request);
      const website = requireWebsite(request);
      const mailing = await startVoucherMailing(
        deps,
        request.log,
        session,
        params.sourceId,
        website.siteTitle,
      );
      // 202: the vouchers go out after this answer; nothing to send is done at once.
      if (mailing.started > 0) reply.code(202);
      return mailing;
    },
  );
}
