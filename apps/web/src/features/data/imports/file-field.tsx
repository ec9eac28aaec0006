import { useId } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { MAX_IMPORT_BYTES } from '@csp/contracts';
import { ACCEPTED_FILE_TYPES } from '../api/upload-file-rules.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { formatBytes } from '../report/report-format.ts';

interface FileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
  error?: string;
}

/**
 * The browser's own file picker (keyboard and screen reader usable as it is), its button
 * styled like the app's. Under it: the chosen file and its size, or why it cannot be sent.
 */
export function FileField({ file, onChange, disabled, error }: FileFieldProps) {
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
        {T.fileLabel}
      </Typography>
      <Box
        component="input"
        id={id}
        type="file"
        required
        accept={ACCEPTED_FILE_TYPES}
        disabled={disabled}
        aria-describedby={helpId}
        aria-invalid={error ? true : undefined}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          onChange(event.target.files?.[0] ?? null)
        }
        sx={(theme) => ({
          font: 'inherit',
          maxWidth: '100%',
          '&::file-selector-button': {
            font: 'inherit',
            mr: 1.5,
            px: 1.5,
            py: 0.75,
            border: `1px solid ${theme.palette.primary.main}`,
            borderRadius: 1,
            color: theme.palette.primary.main,
            bgcolor: 'background.paper',
            cursor: 'pointer',
          },
          '&:focus-visible': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        })}
      />
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ??
          (file
            ? `${file.name}, ${formatBytes(file.size)}`
            : `Up to ${formatBytes(MAX_IMPORT_BYTES)}.`)}
      </FormHelperText>
    </div>
  );
}
