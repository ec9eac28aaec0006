import type { FundingAllowance } from '@csp/contracts';

/** What a row of allowances offers, the grid's buttons and the phone's alike. */
export interface AllowanceActions {
  changeAmount: (allowance: FundingAllowance) => void;
  printVoucher: (allowance: FundingAllowance) => void;
  emailVoucher: (allowance: FundingAllowance) => void;
}

/** The allowances whose voucher is being fetched or e-mailed: their buttons wait. */
export interface VouchersInFlight {
  printing: ReadonlySet<number>;
  emailing: ReadonlySet<number>;
}

export const NOTHING_IN_FLIGHT: VouchersInFlight = { printing: new Set(), emailing: new Set() };
