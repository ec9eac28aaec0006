import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { PanelSection } from '../../../components/panel-section.tsx';
import { SectionActions } from './section-actions.tsx';
import {
  MOST_METHODS,
  NEW_METHOD,
  shippingField,
  shippingPart,
  shippingResolver,
  shippingValues,
} from './shipping-section-schema.ts';
import { ShippingMethodRow } from './shipping-method-row.tsx';
import { STORE_TEXT as T } from './store-text.ts';
import { useSettingsSection } from './use-settings-section.ts';
import type { SettingsSaver } from './use-settings-saver.ts';

/**
 * Section 3: the ways an order can reach a student, with their prices. Rows are added and
 * removed with buttons; after a removal the keyboard stays in the list (the row that took its
 * place, or the one before, or the add button).
 */
export function ShippingSection({ saver }: { saver: SettingsSaver }) {
  const section = useSettingsSection({
    saver,
    valuesOf: shippingValues,
    resolver: shippingResolver,
    partOf: shippingPart,
    fieldOf: shippingField,
  });
  const { control, formState, setFocus } = section.form;
  const { fields, append, remove } = useFieldArray({ control, name: 'shippingMethods' });
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const saved = saver.baseline.settings.shippingMethods;
  const listError = formState.errors.shippingMethods;
  const listMessage = listError?.root?.message ?? listError?.message;

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    if (fields.length === 0) addButton.current?.focus();
    else setFocus(`shippingMethods.${Math.min(index, fields.length - 1)}.code`);
  }, [fields, setFocus]);

  const removeRow = (index: number) => {
    focusAfterRemove.current = index;
    remove(index);
  };

  return (
    <PanelSection title={T.shippingHeading}>
      <Box
        component="form"
        noValidate
        aria-label={T.shippingHeading}
        onSubmit={(event) => void section.submit(event)}
      >
        <Stack spacing={2} divider={<Divider flexItem />} sx={{ pt: 1 }}>
          {fields.length === 0 && (
            <Typography color="text.secondary">{T.noShippingMethods}</Typography>
          )}
          {fields.map((field, index) => (
            <ShippingMethodRow
              key={field.id}
              form={section.form}
              index={index}
              savedCode={saved.find((m) => m.code === field.code)?.code ?? ''}
              onRemove={() => removeRow(index)}
            />
          ))}
        </Stack>
        {listMessage && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {listMessage}
          </Alert>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Button
            ref={addButton}
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() =>
              append(NEW_METHOD, { focusName: `shippingMethods.${fields.length}.code` })
            }
            disabled={fields.length >= MOST_METHODS}
          >
            {T.addMethod}
          </Button>
          {fields.length >= MOST_METHODS && (
            <Typography variant="body2" color="text.secondary">
              {T.mostMethods(MOST_METHODS)}
            </Typography>
          )}
        </Stack>
        <SectionActions
          saveLabel="Save shipping methods"
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
