import { useRef, useState } from 'react';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { newClientKey } from '../../../lib/client-key.ts';
import { useCreateOrder } from './orders-mutations.ts';
import {
  EMPTY_SELECTION,
  SELECTION_MESSAGES,
  selectionProblem,
  type OrderSelection,
} from './create-order-draft.ts';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { useCreateOrderDraft, type StepIndex } from './use-create-order-draft.ts';

/**
 * The create-order dialog's state: the step, the choices, the problem with them, and placing
 * the order. The client key is made once per opening, so a double click or a retry after a lost
 * answer places one order. A refusal keeps every choice.
 */
export function useCreateOrderForm(customerId: number, studentName: string, onClose: () => void) {
  const notify = useNotify();
  const [clientKey] = useState(newClientKey);
  const [step, setStep] = useState<StepIndex>(0);
  const [selection, setSelection] = useState<OrderSelection>(EMPTY_SELECTION);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const placing = useRef(false);

  const order = useCreateOrderDraft(customerId, step, selection, chosenMethod);
  const { orderable, shipping, fundingForm, items, draft } = order;
  const create = useCreateOrder();

  const goTo = (next: StepIndex) => {
    setProblem(null);
    create.reset();
    setStep(next);
  };

  const next = () => {
    if (step === 0) {
      const why = selectionProblem(items, selection);
      if (why) return setProblem(why);
      return goTo(1);
    }
    if (step === 1) {
      if (!order.shippingMethod) return setProblem(SELECTION_MESSAGES.chooseShipping);
      return goTo(2);
    }
  };

  const place = async () => {
    if (!draft || placing.current) return;
    placing.current = true;
    try {
      const { order } = await create.place(draft, clientKey);
      notify({ type: 'success', message: M.placed(order.orderId, studentName) });
      onClose();
    } catch {
      // Shown in the dialog (create.error); the choices stay for a fix or a retry.
    } finally {
      placing.current = false;
    }
  };

  const loading = orderable.isPending || shipping.isPending;
  const failed = orderable.error ?? shipping.error;
  const nothingLeft = orderable.isSuccess && items.length === 0;

  return {
    ...order,
    create,
    step,
    selection,
    problem,
    loading,
    failed,
    nothingLeft,
    ready: !loading && !failed && !nothingLeft,
    busy: create.isPending,
    fundingInvalid: order.fundingOffered ? fundingForm.invalid : fundingForm.codeError !== null,
    chooseItems: (chosen: OrderSelection) => {
      setSelection(chosen);
      setProblem(null);
    },
    chooseMethod: (code: string) => {
      setChosenMethod(code);
      setProblem(null);
    },
    goTo,
    next,
    place,
  };
}

export type CreateOrderForm = ReturnType<typeof useCreateOrderForm>;
