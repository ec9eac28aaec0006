import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NAME_ORDER_LABELS, NAME_ORDERS, type NameOrder } from '@csp/contracts';
import { NativeSelect } from '../../../components/native-select.tsx';
import {
  MAPPING_TEXT as M,
  SAVE_NAME_MAX,
  VALUE,
  VALUE_MAX,
  fieldOptions,
  type FieldDraft,
  type FileColumn,
  type MappingField,
  type RowError,
} from './column-mapping-rules.ts';

/** A field's name as its select is labelled: "Section code (required)". */
export function fieldLabel(field: MappingField): string {
  return field.required ? `${field.label} (required)` : field.label;
}

/**
 * One field of the format, an item of the form's list: where the file has it, and, right under
 * its select, the value typed when every row has the same.
 */
export function MappingRow(props: {
  field: MappingField;
  columns: readonly FileColumn[];
  draft: FieldDraft;
  error: RowError | undefined;
  onChange: (draft: FieldDraft) => void;
  disabled: boolean;
  phone: boolean;
}) {
  const { field, columns, draft, error, onChange, disabled, phone } = props;
  const label = fieldLabel(field);
  return (
    <Box
      component="li"
      sx={{
        minWidth: 0,
        // A card per field on a phone: a long list of selects reads as one block otherwise.
        ...(phone && { border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }),
      }}
    >
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <NativeSelect
          label={label}
          value={draft.select}
          options={fieldOptions(field, columns)}
          onChange={(select) => onChange({ ...draft, select })}
          disabled={disabled}
          error={Boolean(error?.select)}
          helperText={error?.select}
        />
        {draft.select === VALUE && (
          <TextField
            size="small"
            fullWidth
            label={M.valueLabel(field.label)}
            value={draft.value}
            onChange={(event) => onChange({ ...draft, value: event.target.value })}
            disabled={disabled}
            error={Boolean(error?.value)}
            helperText={error?.value}
            slotProps={{ htmlInput: { maxLength: VALUE_MAX } }}
          />
        )}
      </Stack>
    </Box>
  );
}

/** How the file writes people's names: one choice for every names column of the file. */
export function NameOrderSelect(props: {
  value: NameOrder;
  onChange: (value: NameOrder) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <NativeSelect
      label={M.nameOrderLabel}
      value={props.value}
      options={NAME_ORDERS.map((order) => ({ value: order, label: NAME_ORDER_LABELS[order] }))}
      onChange={(value) => props.onChange(value as NameOrder)}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error}
    />
  );
}

/** "Save this mapping…" and, when ticked, the name it is saved under. */
export function SaveMappingFields(props: {
  save: boolean;
  onSaveChange: (save: boolean) => void;
  name: string;
  onNameChange: (name: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const nameId = useId();
  return (
    <Stack spacing={1} sx={{ minWidth: 0, maxWidth: 560 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.save}
            onChange={(event) => props.onSaveChange(event.target.checked)}
            disabled={props.disabled}
            slotProps={{ input: { 'aria-controls': props.save ? nameId : undefined } }}
          />
        }
        label={M.saveLabel}
      />
      {props.save && (
        <TextField
          id={nameId}
          size="small"
          fullWidth
          label={M.saveNameLabel}
          value={props.name}
          onChange={(event) => props.onNameChange(event.target.value)}
          disabled={props.disabled}
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{ htmlInput: { maxLength: SAVE_NAME_MAX } }}
        />
      )}
    </Stack>
  );
}
