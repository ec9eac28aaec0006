import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSession } from '../../../platform/session/session-context.tsx';
import { useTransactionHistory } from './history-queries.ts';
import { formatMoney } from './money-format.ts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { TransactionHistoryOrder } from './transaction-history-order.tsx';
import { TransactionHistoryRentals } from './transaction-history-rentals.tsx';

export const TRANSACTION_HISTORY_MESSAGES = {
  title: 'Transaction history',
  noOrders: 'No orders yet.',
  showAll: (count: number) => `Show all ${count} orders`,
  showFewer: 'Show the newest orders only',
} as const;

/** The newest orders are what the counter asks about; the older ones are a click away. */
export const ORDERS_SHOWN_FIRST = 5;

/**
 * The student's orders (newest first) and rentals, for holders of VIEW_TRANSACTIONS; nothing at
 * all for others (the server would refuse them, and the counter has no use for a refusal on
 * every student). Hold, release and cancel appear where the server says the caller may.
 */
export function TransactionHistoryPanel({ customerId }: { customerId: number }) {
  const allowed = useSession().actions.includes('VIEW_TRANSACTIONS');
  if (!allowed) return null;
  return <History customerId={customerId} />;
}

function History({ customerId }: { customerId: number }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [showAll, setShowAll] = useState(false);
  const query = useTransactionHistory(customerId, true);
  const data = query.data;
  const totals = data && (
    <Typography variant="body2">
      Spent <strong>{formatMoney(data.totalSpentCents)}</strong>
      {data.savingsVisible && data.totalSavingsCents !== null && (
        <>
          {' '}
          · Saved <strong>{formatMoney(data.totalSavingsCents)}</strong>
        </>
      )}
    </Typography>
  );
  return (
    <PanelSection title={TRANSACTION_HISTORY_MESSAGES.title} aside={totals}>
      {query.isPending ? (
        <PanelLoading what="transaction history" />
      ) : query.isError ? (
        <PanelError
          what="the transaction history"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
              Orders
            </Typography>
            {query.data.orders.length === 0 ? (
              <Typography color="text.secondary">
                {TRANSACTION_HISTORY_MESSAGES.noOrders}
              </Typography>
            ) : (
              <Stack spacing={1.5}>
                {(showAll ? query.data.orders : query.data.orders.slice(0, ORDERS_SHOWN_FIRST)).map(
                  (order) => (
                    <TransactionHistoryOrder
                      key={order.orderId}
                      customerId={customerId}
                      order={order}
                      savingsVisible={query.data.savingsVisible}
                      phone={phone}
                    />
                  ),
                )}
                {query.data.orders.length > ORDERS_SHOWN_FIRST && (
                  <Box>
                    <Button onClick={() => setShowAll((all) => !all)}>
                      {showAll
                        ? TRANSACTION_HISTORY_MESSAGES.showFewer
                        : TRANSACTION_HISTORY_MESSAGES.showAll(query.data.orders.length)}
                    </Button>
                  </Box>
                )}
              </Stack>
            )}
          </Box>
          <TransactionHistoryRentals rentals={query.data.rentals} phone={phone} />
        </Stack>
      )}
    </PanelSection>
  );
}
