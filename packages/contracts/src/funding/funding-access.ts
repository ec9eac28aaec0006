import type { ActionAccess } from '../common/access.ts';

/**
 * Who may make a funding call: a MANAGE_VOUCHERS holder whose grant is store-wide (FUNDING_REFUSAL
 * otherwise). Every funding endpoint asks exactly this, so it is written once.
 */
export const FUNDING_MANAGER_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: ['MANAGE_VOUCHERS'],
  held: 'storeWide',
  scope: 'store',
};
