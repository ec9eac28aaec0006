import { useRef, useState } from 'react';
import type { LabelPrinting } from '../../print/index.ts';
import type { LabelLink, Outcome } from './rental-outcome.tsx';
import type { RentalLists } from './rental-selection.ts';
import type { RentalSelectionState } from './use-rental-selection.ts';

/** What the desk's last return or shipping label did: its outcome, its labels, its tabs. */
export function useDeskOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [blocked, setBlocked] = useState<LabelLink[]>([]);
  const [labels, setLabels] = useState<LabelPrinting | null>(null);
  /**
   * Which action is the latest: labels print long after the server answered, and the clerk may
   * return the next student's books meanwhile. Only the latest action's labels may speak.
   */
  const latestAction = useRef(0);
  return { outcome, setOutcome, blocked, setBlocked, labels, setLabels, latestAction };
}

export type DeskOutcome = ReturnType<typeof useDeskOutcome>;

/** What the return and the shipping label act on and report to. */
export interface DeskActionContext {
  customerId: number;
  lists: RentalLists;
  picking: RentalSelectionState;
  results: DeskOutcome;
  reload: () => Promise<unknown>;
}

/** Clears the last action's traces and makes the new action the latest; returns its number. */
export function startAction({ picking, results }: DeskActionContext): number {
  results.setOutcome(null);
  results.setBlocked([]);
  results.setLabels(null);
  picking.setCue({ clear: true });
  picking.setConditionErrors(new Set());
  return ++results.latestAction.current;
}
