import { Controller, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden.tsx';
import type { ShippingOutput, ShippingValues } from './shipping-section-schema.ts';

type Form = UseFormReturn<ShippingValues, unknown, ShippingOutput>;

interface RowProps {
  form: Form;
  index: number;
  /** The method's code as saved, to name the row; empty for a new one. */
  savedCode: string;
  onRemove: () => void;
}

// One line per method from md up; stacked on a phone, the switch beside the remove button.
const ROW_LAYOUT = {
  border: 0,
  m: 0,
  p: 0,
  minWidth: 0,
  display: 'grid',
  columnGap: 1.5,
  rowGap: 1.5,
  alignItems: 'start',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr) auto',
    md: 'minmax(6rem, 8rem) minmax(0, 1fr) minmax(6rem, 7.5rem) auto auto',
  },
  '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
} as const;

/** One shipping method: its code, name, price and whether it ships, with its remove button. */
export function ShippingMethodRow({ form, index, savedCode, onRemove }: RowProps) {
  const { register, control, formState } = form;
  const errors = formState.errors.shippingMethods?.[index];
  const name = (field: 'code' | 'name' | 'priceCents') =>
    `shippingMethods.${index}.${field}` as const;
  const rowName = savedCode ? `shipping method ${savedCode}` : `new shipping method ${index + 1}`;
  return (
    <Box component="fieldset" sx={ROW_LAYOUT}>
      <Box component="legend" sx={VISUALLY_HIDDEN}>
        {`Shipping method ${index + 1}`}
      </Box>
      <TextField
        className="wide"
        label="Code"
        required
        autoComplete="off"
        error={Boolean(errors?.code)}
        helperText={errors?.code?.message}
        slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
        {...register(name('code'))}
      />
      <TextField
        className="wide"
        label="Name"
        required
        autoComplete="off"
        error={Boolean(errors?.name)}
        helperText={errors?.name?.message}
        {...register(name('name'))}
      />
      <TextField
        className="wide"
        label="Price"
        required
        autoComplete="off"
        error={Boolean(errors?.priceCents)}
        helperText={errors?.priceCents?.message}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
        {...register(name('priceCents'))}
      />
      <Controller
        control={control}
        name={`shippingMethods.${index}.shipsToAddress`}
        render={({ field }) => (
          <FormControlLabel
            sx={{ m: 0, minHeight: 56 }}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label="Ships to an address"
          />
        )}
      />
      <IconButton
        aria-label={`Remove ${rowName}`}
        title={`Remove ${rowName}`}
        onClick={onRemove}
        sx={{ mt: 1 }}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}
