import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderSummary } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { formatMoney } from './money-format.ts';
import { MoneyLines, type MoneyLine } from './money-lines.tsx';
import { OrderChangeActions } from './order-change-actions.tsx';
import { fulfillmentLabel, itemStatusLabel, orderTypeLabel } from './order-labels.ts';
import { OrderStatusChip } from './order-status-chip.tsx';

type OrderItem = OrderSummary['items'][number];
type OrderFunding = OrderSummary['funding'][number];

/** The source, and the voucher when the user may see the student's funding (else null). */
const fundedBy = (f: OrderFunding) =>
  f.voucherCode === null ? f.sourceName : `${f.sourceName}, ${f.voucherCode}`;

export const ORDER_FUNDING_HISTORY_MESSAGES = {
  paid: (f: OrderFunding) => `Paid from funding: ${formatMoney(f.chargedCents)} (${fundedBy(f)})`,
  refunded: (f: OrderFunding) =>
    `Refunded to funding: ${formatMoney(f.refundedCents)} (${fundedBy(f)})`,
} as const;

/**
 * One order of the history: what, how, its amounts, what funding paid (and got back when it was
 * cancelled), and what the caller may do to it.
 */
export function TransactionHistoryOrder({
  customerId,
  order,
  savingsVisible,
  phone,
}: {
  customerId: number;
  order: OrderSummary;
  savingsVisible: boolean;
  phone: boolean;
}) {
  const headingId = useId();
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
      >
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Order #{order.orderId}
        </Typography>
        <OrderStatusChip status={order.status} />
        <Typography variant="body2" color="text.secondary">
          {formatDisplayDate(order.createdAt)} · {orderTypeLabel(order.orderType)} ·{' '}
          {order.divisionName}
          {order.termName ? ` · ${order.termName}` : ''}
        </Typography>
      </Stack>
      {phone ? (
        <ItemList items={order.items} savingsVisible={savingsVisible} />
      ) : (
        <ItemTable items={order.items} savingsVisible={savingsVisible} />
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, gap: 1.5, mt: 1 }}
      >
        <OrderChangeActions customerId={customerId} order={order} />
        <Box sx={{ ml: { sm: 'auto' } }}>
          <Totals order={order} savingsVisible={savingsVisible} />
        </Box>
      </Stack>
      {order.funding.length > 0 && <FundingLines funding={order.funding} />}
    </Box>
  );
}

/** Each allowance that paid, and its refund: the counter explains a cancelled aid order with it. */
function FundingLines({ funding }: { funding: OrderFunding[] }) {
  return (
    <Box
      component="ul"
      aria-label="Funding"
      sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, textAlign: { sm: 'right' } }}
    >
      {funding.map((f, index) => (
        <Box component="li" key={`${f.sourceName}:${f.voucherCode ?? index}`}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {ORDER_FUNDING_HISTORY_MESSAGES.paid(f)}
          </Typography>
          {f.refundedCents > 0 && (
            <Typography variant="body2" color="success.dark" sx={{ overflowWrap: 'anywhere' }}>
              {ORDER_FUNDING_HISTORY_MESSAGES.refunded(f)}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

function ItemTable({ items, savingsVisible }: { items: OrderItem[]; savingsVisible: boolean }) {
  return (
    <Table size="small" sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Title</TableCell>
          <TableCell>ISBN</TableCell>
          <TableCell>Fulfilment</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Price</TableCell>
          {savingsVisible && <TableCell align="right">Savings</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.orderItemId}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.title}</TableCell>
            <TableCell>{item.isbn}</TableCell>
            <TableCell>{fulfillmentLabel(item.fulfillmentType)}</TableCell>
            <TableCell>{itemStatusLabel(item.status)}</TableCell>
            <TableCell align="right">{formatMoney(item.priceCents)}</TableCell>
            {savingsVisible && (
              <TableCell align="right">
                {item.savingsCents === null ? '—' : formatMoney(item.savingsCents)}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** On a phone the columns would not fit: each item is two short lines. */
function ItemList({ items, savingsVisible }: { items: OrderItem[]; savingsVisible: boolean }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.orderItemId}
          sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{item.title}</Typography>
            <Typography sx={{ whiteSpace: 'nowrap' }}>{formatMoney(item.priceCents)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {fulfillmentLabel(item.fulfillmentType)} · {itemStatusLabel(item.status)} · ISBN{' '}
            {item.isbn}
            {savingsVisible && item.savingsCents !== null
              ? ` · Saved ${formatMoney(item.savingsCents)}`
              : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Totals({ order, savingsVisible }: { order: OrderSummary; savingsVisible: boolean }) {
  const lines: MoneyLine[] = [
    ['Subtotal', formatMoney(order.subtotalCents)],
    ['Tax', formatMoney(order.taxCents)],
    ['Shipping', formatMoney(order.shippingCents)],
    ['Total', formatMoney(order.totalCents), true],
  ];
  if (savingsVisible && order.savingsCents !== null) {
    lines.push(['Savings', formatMoney(order.savingsCents)]);
  }
  return <MoneyLines lines={lines} inline />;
}
