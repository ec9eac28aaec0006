import Stack from '@mui/material/Stack';
import {
  CSV_ENCODING_LABELS,
  CSV_ENCODINGS,
  CSV_SEPARATOR_LABELS,
  CSV_SEPARATORS,
  type CsvEncoding,
  type CsvSeparator,
} from '@csp/contracts';
import { NativeSelect } from '../../../components/native-select.tsx';
import { fileTypeOf } from '../api/upload-file-rules.ts';

/** The uploader's choice of a CSV file's dialect; empty: detected from the file. */
export interface CsvChoice {
  separator: CsvSeparator | '';
  encoding: CsvEncoding | '';
}

export const DETECTED_CSV: CsvChoice = { separator: '', encoding: '' };

const DETECT = 'Detect from the file';

/**
 * How a CSV file's values are separated and its text encoded. The server detects both from
 * the file's start (and the report says what it found); a data manager whose file was read
 * wrongly chooses here and uploads it again.
 */
export function CsvDialectFields(props: {
  /** The chosen file: the fields show for a .csv file only. */
  file: File | null;
  value: CsvChoice;
  onChange: (value: CsvChoice) => void;
  disabled: boolean;
}) {
  const { file, value, onChange, disabled } = props;
  if (!file || fileTypeOf(file.name) !== 'csv') return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NativeSelect
        label="Values separated by"
        value={value.separator}
        options={[
          { value: '', label: DETECT },
          ...CSV_SEPARATORS.map((s) => ({ value: s, label: CSV_SEPARATOR_LABELS[s] })),
        ]}
        onChange={(separator) => onChange({ ...value, separator: separator as CsvChoice['separator'] })}
        disabled={disabled}
      />
      <NativeSelect
        label="Text encoding"
        value={value.encoding}
        options={[
          { value: '', label: DETECT },
          ...CSV_ENCODINGS.map((e) => ({ value: e, label: CSV_ENCODING_LABELS[e] })),
        ]}
        onChange={(encoding) => onChange({ ...value, encoding: encoding as CsvChoice['encoding'] })}
        disabled={disabled}
      />
    </Stack>
  );
}
