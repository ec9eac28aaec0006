import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

interface FilePickerProps {
  label: string;
  /** The file types the browser offers, e.g. ".csv,.xlsx". */
  accept: string;
  required?: boolean;
  disabled: boolean;
  /** The file cannot be sent: the input is marked invalid and the helper shown as an error. */
  invalid: boolean;
  onChange: (file: File | null) => void;
  /** Under the picker: the chosen file, the limits or why the file cannot be sent. */
  helper: ReactNode;
  /** The input's look, where the plain one is not enough. */
  sx?: SxProps<Theme>;
}

/**
 * The browser's own file picker (keyboard and screen reader usable as it is) under its label,
 * with the helper under it that describes it.
 */
export function FilePicker(props: FilePickerProps) {
  const id = useId();
  const helpId = useId();
  return (
    <div>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}
      >
        {props.label}
      </Typography>
      <Box
        component="input"
        id={id}
        type="file"
        required={props.required}
        accept={props.accept}
        disabled={props.disabled}
        aria-describedby={helpId}
        aria-invalid={props.invalid ? true : undefined}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          props.onChange(event.target.files?.[0] ?? null)
        }
        sx={props.sx ?? { font: 'inherit', maxWidth: '100%' }}
      />
      <FormHelperText id={helpId} error={props.invalid}>
        {props.helper}
      </FormHelperText>
    </div>
  );
}
