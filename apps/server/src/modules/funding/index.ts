/**
 * The funding module's public face (issue 14, ADR 0019): funding sources, student allowances
 * and their vouchers, the ledger, allowance files and the funding reports; and what the orders
 * of the students module call to charge and refund an order. Code outside the module imports
 * only this file.
 */
export { registerFundingRoutes } from './routes.ts';
