import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getVoucherPdf, type FundingAllowance } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadEndpointFile } from '../../../platform/downloads/download-file.ts';
import { useEmailVoucher } from '../api/funding-mutations.ts';
import {
  NOTHING_IN_FLIGHT,
  type AllowanceActions,
  type VouchersInFlight,
} from './allowance-actions.ts';
import { studentName } from './allowance-grid.tsx';

type Kind = keyof VouchersInFlight;

/**
 * A row's actions: the amount dialog (its allowance kept here), the voucher PDF (saved as a
 * file: a link cannot carry the Auth-Token), and the e-mail (a snackbar says to which address).
 * Each print or e-mail is its own call with its own outcome, so e-mailing A then B reports
 * both; while one is under way its row's button waits, and a second click on it does nothing
 * (the sets in the ref say so at once, before the page re-renders). The actions keep one
 * identity, so the grid's columns are not rebuilt on every render.
 */
export function useAllowanceActions() {
  const params = useCallerParams();
  const token = useSession().session?.token;
  const notify = useNotify();
  const email = useEmailVoucher();
  const [amountFor, setAmountFor] = useState<FundingAllowance | null>(null);
  const [inFlight, setInFlight] = useState<VouchersInFlight>(NOTHING_IN_FLIGHT);
  const started = useRef({ printing: new Set<number>(), emailing: new Set<number>() });
  const latest = useRef({ params, token, notify, email });
  useLayoutEffect(() => {
    latest.current = { params, token, notify, email };
  });

  const actions = useMemo<AllowanceActions>(() => {
    const show = () =>
      setInFlight({
        printing: new Set(started.current.printing),
        emailing: new Set(started.current.emailing),
      });
    /** Runs `work` for the allowance unless the same work for it is under way. */
    const once = async (kind: Kind, allowanceId: number, work: () => Promise<void>) => {
      const under = started.current[kind];
      if (under.has(allowanceId)) return;
      under.add(allowanceId);
      show();
      try {
        await work();
      } finally {
        under.delete(allowanceId);
        show();
      }
    };
    return {
      changeAmount: setAmountFor,
      printVoucher: (allowance) => {
        const { params: caller, token: current, notify: say } = latest.current;
        if (!current) return;
        void once('printing', allowance.allowanceId, async () => {
          try {
            const saved = await downloadEndpointFile(
              {
                endpoint: getVoucherPdf,
                params: { ...caller, allowanceId: allowance.allowanceId },
                fallbackName: `voucher-${allowance.voucherCode}.pdf`,
              },
              current,
            );
            say({ type: 'success', message: `Voucher saved as ${saved}.` });
          } catch (error) {
            say({ type: 'error', message: `Could not get the voucher: ${errorMessage(error)}` });
          }
        });
      },
      emailVoucher: (allowance) => {
        const { params: caller, notify: say, email: send } = latest.current;
        void once('emailing', allowance.allowanceId, async () => {
          try {
            const { sentTo } = await send.mutateAsync({
              params: { ...caller, allowanceId: allowance.allowanceId },
            });
            say({ type: 'success', message: `Voucher e-mailed to ${sentTo}.` });
          } catch (error) {
            say({
              type: 'error',
              message: `Could not e-mail ${studentName(allowance)}: ${errorMessage(error)}`,
            });
          }
        });
      },
    };
  }, []);
  return { actions, inFlight, amountFor, closeAmount: () => setAmountFor(null) };
}
