import { printRentalLabel } from '@csp/contracts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { distinctUrls, openLabelTabs } from '../../print/index.ts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { checkedOutstanding, presentIds } from './rental-selection.ts';
import { startAction, type DeskActionContext } from './rental-desk-outcome.ts';

/** A shipping label for the checked outstanding items, opened in tabs. */
export function useShippingLabelAction(context: DeskActionContext) {
  const params = useCallerParams();
  const shipping = useContractMutation(printRentalLabel);
  const { customerId, lists, picking, results, reload } = context;
  const { setOutcome, setBlocked, latestAction } = results;

  const submitShippingLabel = async () => {
    const ids = checkedOutstanding(picking.selection, lists);
    if (ids.length === 0) {
      setOutcome({ success: null, failed: [], error: M.noOutstandingChecked });
      return;
    }
    const action = startAction(context);
    try {
      const body = { customerId, transItemIdList: ids };
      const documents = await shipping.mutateAsync({ params, body });
      const tracking = documents.map((d) => d.trackingNumber).join(', ');
      setOutcome({ success: M.shipped(ids.length, tracking), failed: [], error: null });
      picking.dispatch({ type: 'prune', present: presentIds(lists), done: new Set(ids) });
      picking.setCue({ highlighted: null });
      // docs/behaviour/flows.md: the tabs open on their own schedule; the lists reload meanwhile.
      const opening = openLabelTabs(documents.map((d) => d.reportUrl));
      await reload();
      const { blocked: refused } = await opening;
      if (action !== latestAction.current) return;
      const names = new Map(
        documents.map((d) => [d.reportUrl, `Shipping label ${d.trackingNumber}`]),
      );
      setBlocked(
        distinctUrls(refused).map((url) => ({ url, name: names.get(url) ?? 'Shipping label' })),
      );
    } catch (error) {
      // docs/behaviour/messages.md: a label failure shows the server's message.
      setOutcome({ success: null, failed: [], error: errorMessage(error) });
      await reload();
    } finally {
      picking.focusScan();
    }
  };

  return { submitShippingLabel, shippingNow: shipping.isPending };
}
