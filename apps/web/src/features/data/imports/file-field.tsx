import { MAX_IMPORT_BYTES } from '@csp/contracts';
import { FilePicker } from '../../../components/file-picker.tsx';
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
 * The import's file picker, its button styled like the app's. Under it: the chosen file and its
 * size, or why it cannot be sent.
 */
export function FileField({ file, onChange, disabled, error }: FileFieldProps) {
  return (
    <FilePicker
      label={T.fileLabel}
      accept={ACCEPTED_FILE_TYPES}
      required
      disabled={disabled}
      invalid={Boolean(error)}
      onChange={onChange}
      helper={
        error ??
        (file ? `${file.name}, ${formatBytes(file.size)}` : `Up to ${formatBytes(MAX_IMPORT_BYTES)}.`)
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
  );
}
