import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getVoucherPdf, type FundingAllowance } from '@csp/contracts';
import { useNotify } from '../../../app/notifications/notification-context.tsx';
import { useSession } from '../../../app/session/session-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadFile } from '../api/download-file.ts';
import { useEmailVoucher } from '../api/funding-mutations.ts';
import type { AllowanceActions } from './allowance-actions.ts';
import { studentName } from './allowance-grid.tsx';

/**
 * A row's actions: the amount dialog (its allowance kept here), the voucher PDF (saved as a
 * file: a link cannot carry the Auth-Token), and the e-mail (a snackbar says to which address).
 * The actions keep one identity, so the grid's columns are not rebuilt on every render.
 */
export function useAllowanceActions() {
  const params = useCallerParams();
  const token = useSession().session?.token;
  const notify = useNotify();
  const email = useEmailVoucher();
  const [amountFor, setAmountFor] = useState<FundingAllowance | null>(null);
  const latest = useRef({ params, token, notify, email });
  useLayoutEffect(() => {
    latest.current = { params, token, notify, email };
  });

  const actions = useMemo<AllowanceActions>(
    () => ({
      changeAmount: setAmountFor,
      printVoucher: (allowance) => {
        const { params: caller, token: current, notify: say } = latest.current;
        if (!current) return;
        downloadFile(
          {
            endpoint: getVoucherPdf,
            params: { ...caller, allowanceId: allowance.allowanceId },
            fallbackName: `voucher-${allowance.voucherCode}.pdf`,
          },
          current,
        ).then(
          (saved) => say({ type: 'success', message: `Voucher saved as ${saved}.` }),
          (error: unknown) =>
            say({ type: 'error', message: `Could not get the voucher: ${errorMessage(error)}` }),
        );
      },
      emailVoucher: (allowance) => {
        const { params: caller, notify: say, email: send } = latest.current;
        send.mutate(
          { params: { ...caller, allowanceId: allowance.allowanceId } },
          {
            onSuccess: ({ sentTo }) =>
              say({ type: 'success', message: `Voucher e-mailed to ${sentTo}.` }),
            onError: (error) =>
              say({
                type: 'error',
                message: `Could not e-mail ${studentName(allowance)}: ${errorMessage(error)}`,
              }),
          },
        );
      },
    }),
    [],
  );
  return { actions, amountFor, closeAmount: () => setAmountFor(null) };
}
