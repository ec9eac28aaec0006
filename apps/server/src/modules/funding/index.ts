/**
 * The funding module's public face (issue 14, ADR 0019): funding sources, student allowances
 * and their vouchers, the ledger, allowance files and the funding reports; and what the
 * students module calls to show a student's funding and to charge, refund and show an order's
 * funding. Funding never imports the students module (the students module imports this file).
 * Code outside the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerFundingRoutes } from './routes.ts';
export { studentAllowances } from './allowances/student-allowances.ts';
export {
  chargeOrderFunding,
  orderFundingHistories,
  planOrderFunding,
  refundOrderFunding,
} from './ledger/order-funding.ts';
/** Inclusive-access charges paid from allowances (issue 32): the rule and the ledger entries. */
export {
  planIaFunding,
  recordIaFunding,
  type IaFundingEntry,
  type IaFundingPayer,
} from './ledger/ia-charge-funding.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const fundingModule = modulePlugin(registerFundingRoutes);
