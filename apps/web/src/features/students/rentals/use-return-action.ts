import { returnRentals } from '@csp/contracts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { useWebsite } from '../../../platform/website/website-context.tsx';
import { printLabels } from '../../print/index.ts';
import type { FailedRow } from './rental-outcome.tsx';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import {
  checkOrder,
  inTransitItems,
  missingConditions,
  presentIds,
  type RentalLists,
} from './rental-selection.ts';
import { returnErrorMessage } from './return-errors.ts';
import { returnLabelUrls } from './return-labels.ts';
import { startAction, type DeskActionContext } from './rental-desk-outcome.ts';

function titleOf(lists: RentalLists, transItemId: number) {
  return (
    [...lists.outstanding, ...inTransitItems(lists)].find((i) => i.transItemId === transItemId)
      ?.title ?? null
  );
}

/** The return of the checked items at this website's location, then their return labels. */
export function useReturnAction(context: DeskActionContext) {
  const params = useCallerParams();
  const returning = useContractMutation(returnRentals);
  const locationId = useWebsite().website?.locationId;
  const { customerId, lists, picking, results, reload } = context;
  const { setOutcome, setBlocked, setLabels, latestAction } = results;

  const submitReturn = async () => {
    const ordered = checkOrder(picking.selection);
    if (ordered.length === 0) {
      setOutcome({ success: null, failed: [], error: M.noneChecked });
      return;
    }
    const missing = missingConditions(picking.selection);
    if (missing.length > 0) {
      // The desk says M.missingConditions while these stay flagged and without a condition
      // (rentals-desk.tsx): a message stored here would outlive the conditions chosen next.
      picking.setConditionErrors(new Set(missing));
      setOutcome(null);
      document
        .querySelector<HTMLSelectElement>(`[data-trans-item-id="${missing[0]}"] select`)
        ?.focus();
      return;
    }
    if (locationId === undefined) {
      setOutcome({ success: null, failed: [], error: M.notLocated });
      return;
    }
    const action = startAction(context);
    let urls: string[];
    let names: Map<string, string>;
    try {
      const body = {
        locationId,
        customerId,
        transItemIdWithConditionList: ordered.map((c) => ({
          transItemId: c.transItemId,
          marketplaceCondition: c.condition,
        })),
      };
      const result = await returning.mutateAsync({ params, body });
      const failed: FailedRow[] = result.failed.map((f) => ({
        ...f,
        title: titleOf(lists, f.transItemId),
      }));
      urls = returnLabelUrls(result.successful);
      names = new Map(
        result.successful.map((s) => [s.reportUrl, `Return label ${s.serialItemLabel}`]),
      );
      const returned = result.successful.length;
      setOutcome({
        success: returned > 0 ? M.returned(returned) : null,
        failed,
        error: returned === 0 && failed.length === 0 ? M.returned(0) : null,
      });
      picking.dispatch({
        type: 'prune',
        present: presentIds(lists),
        done: new Set(result.successful.map((s) => s.transItemId)),
      });
      picking.setCue({ highlighted: null });
    } catch (error) {
      setOutcome({ success: null, failed: [], error: returnErrorMessage(error) });
      await reload();
      picking.focusScan();
      return;
    }
    // docs/behaviour/flows.md#return-flow step 3-5: the labels print (or open in tabs) while the lists reload. The return
    // is done whatever the printers do, and the scan field is ready for the next book.
    if (urls.length > 0) setLabels({ state: 'printing', count: urls.length });
    const printing = printLabels(urls);
    await reload();
    picking.focusScan();
    const printed = await printing;
    if (action !== latestAction.current) return;
    if (urls.length > 0) setLabels({ state: 'done', result: printed });
    const { blocked: refused } = await printed.tabs;
    if (action !== latestAction.current) return;
    setBlocked(refused.map((url) => ({ url, name: names.get(url) ?? 'Return label' })));
  };

  return { submitReturn, returningNow: returning.isPending };
}
