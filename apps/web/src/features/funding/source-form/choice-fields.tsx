import { useController, type Control } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  FUNDING_SCOPES,
  FUNDING_SCOPE_LABELS,
  FUNDING_SPENDING,
  FUNDING_SPENDING_LABELS,
  UNSPENT_POLICIES,
  UNSPENT_POLICY_LABELS,
  type FundingSpending,
} from '@csp/contracts';
import type { SourceFormOutput, SourceFormValues } from './source-form-schema.ts';

type FormControlOf = Control<SourceFormValues, unknown, SourceFormOutput>;

/** A group of radio buttons under its legend, its error below. */
function RadioField<N extends 'scope' | 'unspentPolicy'>({
  control,
  name,
  legend,
  options,
}: {
  control: FormControlOf;
  name: N;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
          />
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

export function ScopeField({ control }: { control: FormControlOf }) {
  return (
    <RadioField
      control={control}
      name="scope"
      legend="What it pays for"
      options={FUNDING_SCOPES.map((value) => ({ value, label: FUNDING_SCOPE_LABELS[value] }))}
    />
  );
}

export function UnspentPolicyField({ control }: { control: FormControlOf }) {
  return (
    <RadioField
      control={control}
      name="unspentPolicy"
      legend="An unspent balance when the window ends"
      options={UNSPENT_POLICIES.map((value) => ({ value, label: UNSPENT_POLICY_LABELS[value] }))}
    />
  );
}

/** The ways of having a material the source pays for; at least one. */
export function SpendingField({ control }: { control: FormControlOf }) {
  const { field, fieldState } = useController({ control, name: 'spending' });
  const chosen = new Set(field.value);
  const toggle = (kind: FundingSpending, on: boolean) =>
    field.onChange(FUNDING_SPENDING.filter((k) => (k === kind ? on : chosen.has(k))));
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend">Eligible spending</FormLabel>
      <FormGroup row>
        {FUNDING_SPENDING.map((kind, index) => (
          <FormControlLabel
            key={kind}
            label={FUNDING_SPENDING_LABELS[kind]}
            control={
              <Checkbox
                checked={chosen.has(kind)}
                onChange={(event) => toggle(kind, event.target.checked)}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
