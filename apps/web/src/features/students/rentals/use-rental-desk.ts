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

  const picking = useRentalSelection(lists, loaded, returnSerial);
  const results = useDeskOutcome();
  const context = { customerId, lists, picking, results, reload };
  const { submitReturn, returningNow } = useReturnAction(context);
  const { submitShippingLabel, shippingNow } = useShippingLabelAction(context);

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
