import {
  addAllowance,
  applyAllowanceUpload,
  createFundingSource,
  emailSourceVouchers,
  emailVoucher,
  getAllowanceUpload,
  getAllowanceUploads,
  getAllowances,
  getFundingSource,
  getFundingSources,
  getSourceActivity,
  getSourceLedger,
  getVoucherMailing,
  setAllowanceAmount,
  updateFundingSource,
} from '@csp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  contractQueryKey,
  useContractMutation,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

/** What any change of a source's money touches: its figures, lists, ledger and activity. */
const SOURCE_VIEWS = [
  getFundingSources,
  getFundingSource,
  getAllowances,
  getSourceLedger,
  getSourceActivity,
] as const;

function useRefreshSourceViews() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate(SOURCE_VIEWS);
}

export function useCreateSource() {
  const refresh = useRefreshSourceViews();
  return useContractMutation(createFundingSource, { onSuccess: () => void refresh() });
}

export function useUpdateSource() {
  const refresh = useRefreshSourceViews();
  return useContractMutation(updateFundingSource, { onSuccess: () => void refresh() });
}

export function useAddAllowance() {
  const refresh = useRefreshSourceViews();
  return useContractMutation(addAllowance, { onSuccess: () => void refresh() });
}

export function useSetAllowanceAmount() {
  const refresh = useRefreshSourceViews();
  return useContractMutation(setAllowanceAmount, { onSuccess: () => void refresh() });
}

export function useEmailVoucher() {
  const invalidate = useInvalidateEndpoints();
  return useContractMutation(emailVoucher, {
    onSuccess: () => void invalidate([getAllowances, getSourceActivity]),
  });
}

/** The answer is where the mailing stands: shown (and polled from) at once. */
export function useEmailSourceVouchers() {
  const client = useQueryClient();
  const invalidate = useInvalidateEndpoints();
  return useContractMutation(emailSourceVouchers, {
    onSuccess: ({ started: _started, ...mailing }, input) => {
      client.setQueryData(contractQueryKey(getVoucherMailing, { params: input.params }), mailing);
      void invalidate([getSourceActivity]);
    },
  });
}

/** Applying answers the file as applied: its report shows that at once. */
export function useApplyUpload() {
  const invalidate = useInvalidateEndpoints();
  const client = useQueryClient();
  return useContractMutation(applyAllowanceUpload, {
    onSuccess: (applied, input) => {
      client.setQueryData(contractQueryKey(getAllowanceUpload, { params: input.params }), applied);
      void invalidate([...SOURCE_VIEWS, getAllowanceUploads]);
    },
  });
}
