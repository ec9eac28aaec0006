import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FULFILLMENT_TYPE_LABELS, type OrderPreview, type ShippingPrice } from '@csp/contracts';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { formatAddress } from './create-order-shipping-step.tsx';
import { formatMoney, formatTaxRate } from './money-format.ts';
import { MoneyLines, type MoneyLine } from './money-lines.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';

/**
 * Step 3: the server's figures for the order (its prices, never the screen's), before placing.
 * With `funding` (the student has funding to offer) the choice is shown under the figures, and
 * the totals end with what funding pays and what the student pays.
 */
export function CreateOrderReviewStep({
  preview,
  methods,
  errorMessage,
  funding,
  showFundedTotals = false,
  waitingForFunding = false,
}: {
  preview: { data: OrderPreview | undefined; isPending: boolean };
  methods: readonly ShippingPrice[];
  errorMessage: string | null;
  funding?: ReactNode;
  /** The totals end with what funding pays and what the student pays. */
  showFundedTotals?: boolean;
  /** The preview was refused for the funding choice: its control says why. */
  waitingForFunding?: boolean;
}) {
  let figures: ReactNode;
  if (errorMessage) figures = <Alert severity="error">{errorMessage}</Alert>;
  else if (waitingForFunding) {
    figures = <Typography color="text.secondary">{M.fixFunding}</Typography>;
  } else if (!preview.data) figures = <PanelLoading what="the order's prices" />;
  else {
    // Funded / student pays: when there is funding to offer, or a promotion code paid part.
    const funded = showFundedTotals || preview.data.funding.fundedCents > 0;
    figures = <Figures data={preview.data} methods={methods} funded={funded} />;
  }
  if (funding === undefined) return figures;
  return (
    <Stack spacing={2}>
      {figures}
      {funding}
    </Stack>
  );
}

function Figures({
  data,
  methods,
  funded,
}: {
  data: OrderPreview;
  methods: readonly ShippingPrice[];
  funded: boolean;
}) {
  const method = methods.find((m) => m.code === data.shippingMethod);
  const totals: MoneyLine[] = [
    ['Subtotal', formatMoney(data.subtotalCents)],
    [`Tax (${formatTaxRate(data.taxRateBasisPoints)})`, formatMoney(data.taxCents)],
    ['Shipping', formatMoney(data.shippingCents)],
    ['Total', formatMoney(data.totalCents), !funded],
  ];
  if (funded) {
    totals.push(
      [
        'Funded',
        data.funding.fundedCents > 0 ? `−${formatMoney(data.funding.fundedCents)}` : formatMoney(0),
      ],
      ['Student pays', formatMoney(data.funding.studentPaysCents), true],
    );
  }
  return (
    <Stack spacing={2}>
      <Box component="ul" aria-label="Order lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.lines.map((line) => (
          <Box
            component="li"
            key={`${line.sectionId}:${line.titleId}`}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {line.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {FULFILLMENT_TYPE_LABELS[line.fulfillmentType]} · ISBN {line.isbn}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(line.priceCents)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', gap: 2, alignItems: { sm: 'flex-start' } }}
      >
        <Typography>
          {method?.name ?? data.shippingMethod}
          <br />
          {data.shipTo ? (
            <>
              Ships to: <strong>{formatAddress(data.shipTo)}</strong>
            </>
          ) : method?.shipsToAddress ? (
            M.addressHidden
          ) : (
            M.pickUp
          )}
        </Typography>
        <MoneyLines lines={totals} />
      </Stack>
    </Stack>
  );
}
