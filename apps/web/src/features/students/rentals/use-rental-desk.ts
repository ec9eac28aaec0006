import { useMemo } from 'react';
import {
  useInTransitRentals,
  useMarketplaceConditions,
  useOutstandingRentals,
  useReloadRentals,
} from './rental-queries.ts';
import type { RentalLists } from './rental-selection.ts';
import { useDeskOutcome } from './rental-desk-outcome.ts';
import { useRentalSelection } from './use-rental-selection.ts';
import { useReturnAction } from './use-return-action.ts';
import { useShippingLabelAction } from './use-shipping-label-action.ts';

/**
 * The state of the counter for one student: both rental lists, what is checked (in check
 * order) with its conditions, the scan and its feedback, and the return and shipping-label
 * actions with their outcome (docs/behaviour/flows.md).
 */
export function useRentalDesk(customerId: number, returnSerial: string | null) {
  const outstanding = useOutstandingRentals(customerId);
  const inTransit = useInTransitRentals(customerId);
  const conditions = useMarketplaceConditions();
  const reload = useReloadRentals();

  const lists = useMemo<RentalLists>(
    () => ({
      outstanding: outstanding.data?.rentalListDTO ?? [],
      inTransit: inTransit.data ?? [],
    }),
    [outstanding.data, inTransit.data],
  );
  const loaded = outstanding.isSuccess && inTransit.isSuccess;

<<<<<<< HEAD
  // After a reload, items no longer listed (returned, shipped by someone else) are unchecked.
  useEffect(() => {
    if (loaded) dispatch({ type: 'prune', present: presentIds(lists) });
  }, [loaded, lists]);

  const focusScan = () => scanRef.current?.focus();

  // docs/behaviour/flows.md: `?return=<serial>` checks that item once the lists have loaded, once.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !returnSerial || !loaded) return;
    preselected.current = true;
    const item = findBySerial(lists, returnSerial);
    if (!item) {
      setCue({
        highlighted: null,
        say: { severity: 'warning', text: M.preselectMissing(returnSerial) },
      });
      return;
    }
    dispatch({ type: 'check', item, at: Date.now() });
    setCue({
      highlighted: item.transItemId,
      say: { severity: 'success', text: M.preselected(item.title, item.serialItemRefNum) },
    });
  }, [returnSerial, loaded, lists]);

  const scan = (text: string) => {
    if (!loaded) {
      setCue({ highlighted: null, say: { severity: 'info', text: M.scanLoading } });
      return;
    }
    const result = findScanMatch(lists, selection, text);
    if (result.kind === 'match') {
      const { item } = result;
      dispatch({ type: 'check', item, at: Date.now() });
      setCue({
        highlighted: item.transItemId,
        say: { severity: 'success', text: M.checked(item.title, item.serialItemRefNum) },
      });
      scrollToRow(item.transItemId);
    } else if (result.kind === 'alreadyChecked') {
      const { item } = result;
      setCue({
        highlighted: item.transItemId,
        say: { severity: 'info', text: M.alreadyChecked(item.title, item.serialItemRefNum) },
      });
      scrollToRow(item.transItemId);
    } else if (result.kind === 'none') {
      setCue({ highlighted: null, say: { severity: 'warning', text: M.noMatch(text.trim()) } });
    }
  };

  const toggle = (item: RentalItem, byPointer: boolean) => {
    dispatch({ type: 'toggle', item, at: Date.now() });
    setCue({ highlighted: null });
    // The scanner types into whatever has the focus: a tap hands it back to the scan field.
    if (byPointer) focusScan();
  };

  const setCondition = (transItemId: number, condition: string) => {
    dispatch({ type: 'condition', transItemId, condition });
    setConditionErrors((errors) => {
      if (!errors.has(transItemId)) return errors;
      const next = new Set(errors);
      next.delete(transItemId);
      return next;
    });
  };

  const setConditionForAll = (condition: string) => {
    dispatch({ type: 'conditionForAll', condition });
    setConditionErrors(new Set());
  };

  const titleOf = (transItemId: number) =>
    [...lists.outstanding, ...inTransitItems(lists)].find((i) => i.transItemId === transItemId)
      ?.title ?? null;

  const submitReturn = async () => {
    const ordered = checkOrder(selection);
    if (ordered.length === 0) {
      setOutcome({ success: null, failed: [], error: M.noneChecked });
      return;
    }
    const missing = missingConditions(selection);
    if (missing.length > 0) {
      setConditionErrors(new Set(missing));
      setOutcome({ success: null, failed: [], error: M.missingConditions(missing.length) });
      document
        .querySelector<HTMLSelectElement>(`[data-trans-item-id="${missing[0]}"] select`)
        ?.focus();
      return;
    }
    if (locationId === undefined) {
      setOutcome({ success: null, failed: [], error: M.notLocated });
      return;
    }
    setOutcome(null);
    setBlocked([]);
    setLabels(null);
    setCue({ clear: true });
    const action = ++latestAction.current;
    let urls: string[];
    let names: Map<string, string>;
    try {
      const result = await returning.send({
        locationId,
        customerId,
        transItemIdWithConditionList: ordered.map((c) => ({
          transItemId: c.transItemId,
          marketplaceCondition: c.condition,
        })),
      });
      const failed: FailedRow[] = result.failed.map((f) => ({
        ...f,
        title: titleOf(f.transItemId),
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
      dispatch({
        type: 'prune',
        present: presentIds(lists),
        done: new Set(result.successful.map((s) => s.transItemId)),
      });
      setCue({ highlighted: null });
    } catch (error) {
      setOutcome({ success: null, failed: [], error: returnErrorMessage(error) });
      await reload();
      focusScan();
      return;
    }
    // docs/behaviour/flows.md#return-flow step 3-5: the labels print (or open in tabs) while the lists reload. The return
    // is done whatever the printers do, and the scan field is ready for the next book.
    if (urls.length > 0) setLabels({ state: 'printing', count: urls.length });
    const printing = printLabels(urls);
    await reload();
    focusScan();
    const printed = await printing;
    if (action !== latestAction.current) return;
    if (urls.length > 0) setLabels({ state: 'done', result: printed });
    const { blocked: refused } = await printed.tabs;
    if (action !== latestAction.current) return;
    setBlocked(refused.map((url) => ({ url, name: names.get(url) ?? 'Return label' })));
  };

  const submitShippingLabel = async () => {
    const ids = checkedOutstanding(selection, lists);
    if (ids.length === 0) {
      setOutcome({ success: null, failed: [], error: M.noOutstandingChecked });
      return;
    }
    setOutcome(null);
    setBlocked([]);
    setLabels(null);
    setCue({ clear: true });
    const action = ++latestAction.current;
    try {
      const documents = await shipping.send(customerId, ids);
      const tracking = documents.map((d) => d.trackingNumber).join(', ');
      setOutcome({ success: M.shipped(ids.length, tracking), failed: [], error: null });
      dispatch({ type: 'prune', present: presentIds(lists), done: new Set(ids) });
      setCue({ highlighted: null });
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
      focusScan();
    }
  };
=======
  const picking = useRentalSelection(lists, loaded, returnSerial);
  const results = useDeskOutcome();
  const context = { customerId, lists, picking, results, reload };
  const { submitReturn, returningNow } = useReturnAction(context);
  const { submitShippingLabel, shippingNow } = useShippingLabelAction(context);
>>>>>>> wt-webdesk

  return {
    outstanding,
    inTransit,
    conditions,
    lists,
    selection: picking.selection,
    highlighted: picking.cue.highlighted,
    feedback: picking.cue.feedback,
    conditionErrors: picking.conditionErrors,
    outcome: results.outcome,
    blocked: results.blocked,
    labels: results.labels,
    scanRef: picking.scanRef,
    busy: returningNow || shippingNow,
    returningNow,
    shippingNow,
    scan: picking.scan,
    toggle: picking.toggle,
    setCondition: picking.setCondition,
    setConditionForAll: picking.setConditionForAll,
    submitReturn,
    submitShippingLabel,
    dismissBlocked: () => results.setBlocked([]),
  };
}

export type RentalDesk = ReturnType<typeof useRentalDesk>;
