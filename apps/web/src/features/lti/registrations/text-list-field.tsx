import { useWatch, type UseFormReturn } from 'react-hook-form';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { LtiRegistrationInput } from '@csp/contracts';
import type { RegistrationFormValues } from './registration-form-schema.ts';

type ListName = 'deploymentIds' | 'frameOrigins';

/**
 * A list of one-line values (a registration's deployment ids, its other frame addresses): one
 * input each, named by its number, with its own error, and buttons to add and remove one.
 */
export function TextListField({
  form,
  name,
  legend,
  help,
  itemLabel,
  addLabel,
  removeLabel,
}: {
  form: UseFormReturn<RegistrationFormValues, unknown, LtiRegistrationInput>;
  name: ListName;
  legend: string;
  help: string;
  itemLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
}) {
  const values = useWatch({ control: form.control, name }) ?? [];
  const errors = form.formState.errors[name];
  const helpId = `${name}-help`;
  const errorId = `${name}-error`;
  // A rule over the whole list (an id listed twice) is the list's, not one input's.
  const listError =
    errors?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;
  const set = (next: string[]) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <Stack
      component="fieldset"
      spacing={1}
      sx={{ border: 0, p: 0, m: 0 }}
      aria-describedby={listError ? `${helpId} ${errorId}` : helpId}
    >
      <Typography component="legend" variant="subtitle2">
        {legend}
      </Typography>
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
      {listError && (
        <FormHelperText id={errorId} error>
          {listError}
        </FormHelperText>
      )}
      {values.map((_, i) => {
        const error = (errors as Record<number, { message?: string }> | undefined)?.[i]?.message;
        return (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...form.register(`${name}.${i}`)}
              label={itemLabel(i + 1)}
              size="small"
              fullWidth
              error={Boolean(error)}
              helperText={error}
            />
            <IconButton
              aria-label={removeLabel(i + 1)}
              onClick={() => set(values.filter((__, j) => j !== i))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        );
      })}
      <div>
        <Button startIcon={<AddIcon />} onClick={() => set([...values, ''])}>
          {addLabel}
        </Button>
      </div>
    </Stack>
  );
}
