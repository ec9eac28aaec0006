import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  IA_CHARGE_FILE_FIELD_LABELS,
  IA_CHARGE_FILE_FIELDS,
  IA_CHARGE_FILE_MAX_COLUMNS,
  IA_DEFAULT_CHARGE_FILE_COLUMNS,
  iaChargeFileLayoutForm,
  type IaChargeFileLayoutBody,
} from '@csp/contracts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChargeFileLayout, useSaveChargeFileLayout } from '../api/charge-queries.ts';

interface LayoutRowProps {
  form: UseFormReturn<IaChargeFileLayoutBody>;
  index: number;
  last: boolean;
  initialField: IaChargeFileLayoutBody['columns'][number]['field'];
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** One column of the layout: its value, its header, and moving or removing it. */
function LayoutRow({ form, index: i, last, initialField, move, remove }: LayoutRowProps) {
  const errors = form.formState.errors.columns?.[i];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        size="small"
        label={`Column ${i + 1}: value`}
        defaultValue={initialField}
        {...form.register(`columns.${i}.field`)}
        // One width for every row, so the columns line up (narrower on a tablet, where the row
        // must fit beside the header and the buttons); a long value wraps on a phone.
        sx={{
          width: { sm: 240, md: 340 },
          flexShrink: 0,
          '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal' },
        }}
      >
        {IA_CHARGE_FILE_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {IA_CHARGE_FILE_FIELD_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={`Column ${i + 1}: header`}
        {...form.register(`columns.${i}.header`)}
        error={Boolean(errors?.header)}
        helperText={errors?.header?.message}
      />
      <Stack direction="row">
        <IconButton
          aria-label={`Move column ${i + 1} up`}
          disabled={i === 0}
          onClick={() => move(i, i - 1)}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={`Move column ${i + 1} down`}
          disabled={last}
          onClick={() => move(i, i + 1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={`Remove column ${i + 1}`} onClick={() => remove(i)}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}

/**
 * The store's charge file layout (a column mapping like the imports'): which columns, their
 * headers and their order. The contracts' schema checks it here and on the server (the student
 * ID and the amount must be there, no header twice); saving needs the action store-wide.
 */
export function ChargeLayoutEditor() {
  const layout = useChargeFileLayout();
  const { save, pending } = useSaveChargeFileLayout();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<IaChargeFileLayoutBody>({
    resolver: zodResolver(iaChargeFileLayoutForm),
    defaultValues: { columns: [...IA_DEFAULT_CHARGE_FILE_COLUMNS] },
  });
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'columns',
  });
  const { reset } = form;
  useEffect(() => {
    if (layout.data) reset({ columns: layout.data.columns });
  }, [layout.data, reset]);

  if (layout.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <span>Loading the layout…</span>
      </Stack>
    );
  }
  if (layout.isError) {
    return (
      <LoadFailure title="Could not load the layout" onRetry={() => void layout.refetch()}>
        {errorMessage(layout.error)}
      </LoadFailure>
    );
  }
  const submit = form.handleSubmit((values) => {
    setResult(null);
    save(values.columns).then(
      () => setResult({ ok: true, text: 'Layout saved: the next downloads use it.' }),
      (error: unknown) => setResult({ ok: false, text: errorMessage(error) }),
    );
  });
  const listError =
    form.formState.errors.columns?.root?.message ?? form.formState.errors.columns?.message;

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      <Typography>
        {layout.data.isDefault
          ? 'The store uses the default layout. Change the columns, their headers or order, and save.'
          : 'The store’s own layout. The trailer line is always TOTAL, line count, amount.'}
      </Typography>
      {fields.map((field, i) => (
        <LayoutRow
          key={field.id}
          form={form}
          index={i}
          last={i === fields.length - 1}
          initialField={field.field}
          move={move}
          remove={remove}
        />
      ))}
      {listError && <Alert severity="error">The columns {listError}.</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          disabled={fields.length >= IA_CHARGE_FILE_MAX_COLUMNS}
          onClick={() => append({ field: 'description', header: 'Description' })}
        >
          Add column
        </Button>
        <Button
          variant="outlined"
          onClick={() => reset({ columns: [...IA_DEFAULT_CHARGE_FILE_COLUMNS] })}
        >
          Default columns
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Saving…' : 'Save layout'}
        </Button>
      </Stack>
      <div aria-live="polite">
        {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      </div>
    </Stack>
  );
}
