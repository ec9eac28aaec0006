import { Controller, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { PanelSection } from '../../../components/panel-section.tsx';
import { twoColumns } from '../../../components/two-columns.ts';
import { CostSettingsFields } from './cost-settings-fields.tsx';
import { PriceChangeField } from './price-change-field.tsx';
import { SectionActions } from './section-actions.tsx';
import {
  storeSectionField,
  storeSectionPart,
  storeSectionResolver,
  storeSectionValues,
} from './store-section-schema.ts';
import { STORE_TEXT as T } from './store-text.ts';
import { useSettingsSection } from './use-settings-section.ts';
import type { SettingsSaver } from './use-settings-saver.ts';

const PRINT_ONLY_HINT_ID = 'store-print-only-hint';

/** Section 1: the store's name, tax rate, print-only rule and mail settings. */
export function StoreSection({ saver }: { saver: SettingsSaver }) {
  const section = useSettingsSection({
    saver,
    valuesOf: storeSectionValues,
    resolver: storeSectionResolver,
    partOf: storeSectionPart,
    fieldOf: storeSectionField,
  });
  const { register, control, formState } = section.form;
  const storeName = useWatch({ control, name: 'name' });
  const { errors } = formState;
  return (
    <PanelSection title={T.storeHeading}>
      <Box
        component="form"
        noValidate
        aria-label={T.storeHeading}
        onSubmit={(event) => void section.submit(event)}
      >
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Box sx={twoColumns('sm')}>
            <TextField
              label="Store name"
              required
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={
                errors.name?.message ?? 'As students and staff see it in mail and on labels.'
              }
              {...register('name')}
            />
            <TextField
              label="E-mail sender name"
              autoComplete="off"
              placeholder={storeName}
              error={Boolean(errors.mailSenderName)}
              helperText={
                errors.mailSenderName?.message ??
                'The name the store’s e-mail comes from. Blank: the store name.'
              }
              {...register('mailSenderName')}
            />
          </Box>
          <Box sx={twoColumns('sm')}>
            <TextField
              label="Tax rate"
              required
              autoComplete="off"
              error={Boolean(errors.taxRatePercent)}
              helperText={
                errors.taxRatePercent?.message ??
                'Sales tax on course materials, in percent with up to 2 decimals.'
              }
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
              {...register('taxRatePercent')}
            />
            <TextField
              label="Course materials team e-mail"
              type="email"
              autoComplete="off"
              error={Boolean(errors.courseMaterialsEmail)}
              helperText={
                errors.courseMaterialsEmail?.message ??
                'Told of every adoption a submitter makes. Optional.'
              }
              {...register('courseMaterialsEmail')}
            />
          </Box>
          <PriceChangeField register={register} error={errors.priceChangePercent} />
          <CostSettingsFields register={register} control={control} errors={errors} />
          <TextField
            label="E-mail domains"
            autoComplete="off"
            error={Boolean(errors.emailDomains)}
            helperText={
              errors.emailDomains?.message ??
              'Copies and exports may also be mailed to these domains. Separate them with commas, e.g. example.edu, alumni.example.edu.'
            }
            {...register('emailDomains')}
          />
          <Controller
            control={control}
            name="allowSubmittersToSelectPrintOnly"
            render={({ field }) => (
              <div>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: { ref: field.ref, 'aria-describedby': PRINT_ONLY_HINT_ID },
                      }}
                    />
                  }
                  label="Submitters may choose print only"
                />
                <FormHelperText id={PRINT_ONLY_HINT_ID} sx={{ mt: 0 }}>
                  When off, only the course materials team may ask for print only in an adoption.
                </FormHelperText>
              </div>
            )}
          />
        </Stack>
        <SectionActions
          saveLabel="Save store"
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
