import type { FundingAllowance } from '@csp/contracts';

/** What a row of allowances offers, the grid's buttons and the phone's alike. */
export interface AllowanceActions {
  changeAmount: (allowance: FundingAllowance) => void;
  printVoucher: (allowance: FundingAllowance) => void;
  emailVoucher: (allowance: FundingAllowance) => void;
}
