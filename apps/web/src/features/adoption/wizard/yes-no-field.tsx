import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/** A Yes/No question, kept as a boolean (docs/behaviour/validation.md); two radios, so the keyboard alone answers. */
export function YesNoField<T extends FieldValues, TOut extends FieldValues>(props: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  /** Why the answer cannot stand, under the question (announced as it appears). */
  error?: string | null;
  /** What the answer means, under the question when there is no error. */
  hint?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = props.error ? errorId : props.hint ? hintId : undefined;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControl component="fieldset" disabled={props.disabled} error={Boolean(props.error)}>
          <FormLabel component="legend" id={labelId}>
            {props.label}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            name={field.name}
            value={field.value ? 'yes' : 'no'}
            onChange={(event) => field.onChange(event.target.value === 'yes')}
            onBlur={field.onBlur}
          >
            <FormControlLabel value="yes" control={<Radio />} label="Yes" />
            <FormControlLabel value="no" control={<Radio />} label="No" />
          </RadioGroup>
          {props.error ? (
            <FormHelperText id={errorId} role="alert" sx={{ mx: 0 }}>
              {props.error}
            </FormHelperText>
          ) : (
            props.hint && (
              <FormHelperText id={hintId} sx={{ mx: 0 }}>
                {props.hint}
              </FormHelperText>
            )
          )}
        </FormControl>
      )}
    />
  );
}
