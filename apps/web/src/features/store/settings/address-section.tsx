import { useMemo } from 'react';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PanelSection } from '../../../components/panel-section.tsx';
import { twoColumns } from '../../../components/two-columns.ts';
import {
  addressField,
  addressPart,
  addressResolver,
  addressValues,
  type AddressValues,
} from './address-section-schema.ts';
import { SectionActions } from './section-actions.tsx';
import { STORE_TEXT as T } from './store-text.ts';
import { useSettingsSection } from './use-settings-section.ts';
import type { SettingsSaver } from './use-settings-saver.ts';

interface FieldProps {
  name: keyof AddressValues;
  label: string;
  register: UseFormRegister<AddressValues>;
  errors: FieldErrors<AddressValues>;
  required?: boolean;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength?: number;
}

function AddressField({
  name,
  label,
  register,
  errors,
  hint,
  inputMode,
  maxLength,
  required = true,
}: FieldProps) {
  const error = errors[name];
  return (
    <TextField
      label={label}
      required={required}
      autoComplete="off"
      error={Boolean(error)}
      helperText={error?.message ?? hint}
      slotProps={{ htmlInput: { inputMode, maxLength } }}
      {...register(name)}
    />
  );
}

/** Section 2: where students send rentals back, printed on every return label. */
export function AddressSection({ saver }: { saver: SettingsSaver }) {
  const hasAddress = saver.baseline.settings.returnAddress !== null;
  const resolver = useMemo(() => addressResolver(hasAddress), [hasAddress]);
  const section = useSettingsSection({
    saver,
    valuesOf: addressValues,
    resolver,
    partOf: addressPart,
    fieldOf: addressField,
  });
  const { register, formState } = section.form;
  const fieldProps = { register, errors: formState.errors };
  return (
    <PanelSection title={T.addressHeading}>
      <Box
        component="form"
        noValidate
        aria-label={T.addressHeading}
        onSubmit={(event) => void section.submit(event)}
      >
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {hasAddress ? null : <Alert severity="warning">{T.noReturnAddress}</Alert>}
          <AddressField
            name="name"
            label="Name"
            hint="Who the labels are addressed to."
            {...fieldProps}
          />
          <Box sx={twoColumns('sm')}>
            <AddressField name="streetOne" label="Street 1" {...fieldProps} />
            <AddressField
              name="streetTwo"
              label="Street 2"
              required={false}
              hint="Optional, e.g. a dock or a suite."
              {...fieldProps}
            />
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)',
              },
              '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
            }}
          >
            <AddressField name="city" label="City" {...fieldProps} />
            <AddressField
              name="state"
              label="State"
              hint="2 letters, e.g. IL"
              maxLength={2}
              {...fieldProps}
            />
            <AddressField name="postalCode" label="ZIP code" inputMode="numeric" {...fieldProps} />
          </Box>
          <AddressField
            name="phone"
            label="Phone"
            inputMode="tel"
            hint="For the carrier, e.g. (217) 555-0142."
            {...fieldProps}
          />
        </Stack>
        <SectionActions
          saveLabel="Save return address"
          busy={saver.saving}
          dirty={formState.isDirty}
          onDiscard={section.discard}
          feedback={section.feedback}
          onReload={() => void section.reload()}
        />
      </Box>
    </PanelSection>
  );
}
