import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@csp/contracts';
import { ORDER_STATUS_LABELS } from './order-labels.ts';

// Pale backgrounds with dark text: the palette's filled warning and info chips fall short of
// the 4.5:1 contrast small text needs.
const COLORS: Record<OrderStatus, { bgcolor: string; color: string }> = {
  OPEN: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  ON_HOLD: { bgcolor: '#fff3cd', color: '#5c3c00' },
  FULFILLED: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  CANCELLED: { bgcolor: '#eeeeee', color: '#424242' },
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      size="small"
      label={ORDER_STATUS_LABELS[status]}
      sx={{ ...COLORS[status], fontWeight: 600 }}
    />
  );
}
