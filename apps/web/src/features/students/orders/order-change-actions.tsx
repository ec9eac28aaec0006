import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OrderSummary } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useChangeOrder, type OrderChange } from './orders-mutations.ts';
import { formatMoney } from './money-format.ts';

export const ORDER_CHANGE_MESSAGES = {
  held: (orderId: number) => `Order #${orderId} is on hold.`,
  released: (orderId: number) => `Order #${orderId} is released from hold.`,
  cancelled: (orderId: number) => `Order #${orderId} is cancelled.`,
} as const;

const DONE: Record<OrderChange, (orderId: number) => string> = {
  hold: ORDER_CHANGE_MESSAGES.held,
  unhold: ORDER_CHANGE_MESSAGES.released,
  cancel: ORDER_CHANGE_MESSAGES.cancelled,
};

/**
 * The changes the server says the caller may make to an order (mayHold, mayUnhold, mayCancel).
 * Cancelling cannot be undone here, so it asks first; holding and releasing undo each other.
 */
export function OrderChangeActions({
  customerId,
  order,
}: {
  customerId: number;
  order: OrderSummary;
}) {
  const notify = useNotify();
  const hold = useChangeOrder('hold');
  const unhold = useChangeOrder('unhold');
  const cancel = useChangeOrder('cancel');
  const [confirming, setConfirming] = useState(false);
  const busy = hold.isPending || unhold.isPending || cancel.isPending;
  const label = `order #${order.orderId}`;

  const run = async (change: OrderChange, mutation: ReturnType<typeof useChangeOrder>) => {
    try {
      await mutation.apply(customerId, order.orderId);
      notify({ type: 'success', message: DONE[change](order.orderId) });
      return true;
    } catch (error) {
      // Cancel says it in its dialog; hold and release in a toast (the button stays put).
      if (change !== 'cancel') notify({ type: 'error', message: (error as Error).message });
      return false;
    }
  };

  if (!order.mayHold && !order.mayUnhold && !order.mayCancel) return null;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
      {order.mayHold && (
        <Button
          variant="outlined"
          disabled={busy}
          aria-label={`Hold ${label}`}
          onClick={() => void run('hold', hold)}
        >
          Hold
        </Button>
      )}
      {order.mayUnhold && (
        <Button
          variant="outlined"
          disabled={busy}
          aria-label={`Release hold on ${label}`}
          onClick={() => void run('unhold', unhold)}
        >
          Release hold
        </Button>
      )}
      {order.mayCancel && (
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          aria-label={`Cancel ${label}`}
          onClick={() => {
            cancel.reset();
            setConfirming(true);
          }}
        >
          Cancel order
        </Button>
      )}
      <CancelOrderDialog
        open={confirming}
        order={order}
        busy={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run('cancel', cancel).then((done) => {
            if (done) setConfirming(false);
          })
        }
      />
    </Stack>
  );
}

function CancelOrderDialog(props: {
  open: boolean;
  order: OrderSummary;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { order } = props;
  const items = order.items.length;
  return (
    <ConfirmDialog
      open={props.open}
      title={`Cancel order #${order.orderId}?`}
      message={
        <>
          The order ({items} {items === 1 ? 'item' : 'items'}, {formatMoney(order.totalCents)}) and
          its pending items are cancelled. This cannot be undone here.
        </>
      }
      alert={
        props.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        )
      }
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      busyLabel="Cancelling…"
      danger
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}
