import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { OrderPreview, ShippingAddress, ShippingPrice } from '@csp/contracts';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { formatMoney } from './money-format.ts';
import { PanelLoading } from '../../../components/panel-section.tsx';

interface PreviewState {
  data: OrderPreview | undefined;
  isFetching: boolean;
}

export function formatAddress(address: ShippingAddress): string {
  return `${address.streetOne}, ${address.city}, ${address.state} ${address.postalCode}`;
}

/**
 * Step 2: pick-up or a shipping method with its price. A method that ships shows where it goes
 * (the preview's address), so the clerk can check it with the student at the counter.
 */
export function CreateOrderShippingStep({
  methods,
  value,
  onChange,
  preview,
  errorMessage,
}: {
  methods: readonly ShippingPrice[];
  value: string | null;
  onChange: (code: string) => void;
  preview: PreviewState;
  errorMessage: string | null;
}) {
  const labelId = useId();
  const method = methods.find((m) => m.code === value);
  return (
    <>
      <FormControl>
        <FormLabel id={labelId}>Shipping method</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {methods.map((m) => (
            <FormControlLabel
              key={m.code}
              value={m.code}
              control={<Radio />}
              label={`${m.name} — ${formatMoney(m.priceCents)}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Destination method={method} preview={preview} errorMessage={errorMessage} />
    </>
  );
}

function Destination({
  method,
  preview,
  errorMessage,
}: {
  method: ShippingPrice | undefined;
  preview: PreviewState;
  errorMessage: string | null;
}) {
  if (!method) return null;
  if (errorMessage) {
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {errorMessage}
      </Alert>
    );
  }
  if (!method.shipsToAddress) return <Typography sx={{ mt: 1 }}>{M.pickUp}</Typography>;
  const current = preview.data?.shippingMethod === method.code ? preview.data : undefined;
  if (!current) return <PanelLoading what="the shipping address" />;
  return (
    <Typography sx={{ mt: 1 }}>
      {current.shipTo ? (
        <>
          Ships to: <strong>{formatAddress(current.shipTo)}</strong>
        </>
      ) : (
        M.addressHidden
      )}
    </Typography>
  );
}
