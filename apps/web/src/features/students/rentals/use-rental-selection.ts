import { useEffect, useReducer, useRef, useState } from 'react';
import type { RentalItem } from '@csp/contracts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { NO_CUE, cueReducer, scrollToRow } from './rental-cue.ts';
import {
  EMPTY_SELECTION,
  findBySerial,
  findScanMatch,
  presentIds,
  selectionReducer,
  type RentalLists,
} from './rental-selection.ts';

/**
 * What is checked (in check order) with its conditions, and the scan with its feedback: the
 * part of the rental desk that the clerk's scanner and clicks drive.
 */
export function useRentalSelection(
  lists: RentalLists,
  loaded: boolean,
  returnSerial: string | null,
) {
  const [selection, dispatch] = useReducer(selectionReducer, EMPTY_SELECTION);
  const [cue, setCue] = useReducer(cueReducer, NO_CUE);
  const [conditionErrors, setConditionErrors] = useState<ReadonlySet<number>>(new Set());
  const scanRef = useRef<HTMLInputElement>(null);

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
    // Unchecked, it is no longer missing a condition (checked again, it starts unflagged).
    setConditionErrors((errors) => withoutId(errors, item.transItemId));
    setCue({ highlighted: null });
    // The scanner types into whatever has the focus: a tap hands it back to the scan field.
    if (byPointer) focusScan();
  };

  const setCondition = (transItemId: number, condition: string) => {
    dispatch({ type: 'condition', transItemId, condition });
    setConditionErrors((errors) => withoutId(errors, transItemId));
  };

  const setConditionForAll = (condition: string) => {
    dispatch({ type: 'conditionForAll', condition });
    setConditionErrors(new Set());
  };

  return {
    selection,
    dispatch,
    cue,
    setCue,
    conditionErrors,
    setConditionErrors,
    scanRef,
    focusScan,
    scan,
    toggle,
    setCondition,
    setConditionForAll,
  };
}

function withoutId(ids: ReadonlySet<number>, id: number): ReadonlySet<number> {
  if (!ids.has(id)) return ids;
  const next = new Set(ids);
  next.delete(id);
  return next;
}

export type RentalSelectionState = ReturnType<typeof useRentalSelection>;
