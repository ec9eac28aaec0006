import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MAX_IMPORT_BYTES, type ImportFormat, type ImportSummary } from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import type { useImportFormats } from '../api/data-queries.ts';
import { fileTypeOf, uploadProblem } from '../api/upload-file-rules.ts';
import { useUploadImport } from '../api/use-upload-import.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { percentOf, uploadProgressText } from '../report/report-format.ts';
import { ChoiceSelect } from './choice-select.tsx';
import { CsvDialectFields, DETECTED_CSV, type CsvChoice } from './csv-dialect-fields.tsx';
import { FileField } from './file-field.tsx';
import { FormatDetails } from './format-details.tsx';
import { ProgressBar } from './progress-bar.tsx';

interface Division {
  divisionId: number;
  divisionName: string;
}

interface ImportFormProps {
  formats: ReturnType<typeof useImportFormats>;
  divisions: readonly Division[];
  divisionsSource: { isLoading: boolean; error: Error | null };
  phone: boolean;
  onUploaded: (summary: ImportSummary) => void;
}

type Field = 'formatId' | 'divisionId' | 'file';
type FieldErrors = Partial<Record<Field, string>>;

function check(format: ImportFormat | undefined, divisionId: string, file: File | null) {
  const errors: FieldErrors = {};
  if (!format) errors.formatId = 'Choose the format of the file.';
  if (format?.needsDivision && !divisionId) {
    errors.divisionId = 'Choose the division the file’s rows belong to.';
  }
  if (!file) errors.file = 'Choose a file to upload.';
  else {
    const problem = uploadProblem(file, MAX_IMPORT_BYTES);
    if (problem) errors.file = problem.message;
  }
  return errors;
}

/** The form field a server refusal names, so its message shows where the mistake is. */
function fieldOf(error: Error | null): Field | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.field === 'fileName' || error.field === 'file') return 'file';
  if (error.field === 'formatId' || error.field === 'divisionId') return error.field;
  return null;
}

/**
 * Format, division and file, then the upload with its progress. What the user chose stays
 * after a refusal or a lost connection, so trying again is one click.
 */
export function ImportForm(props: ImportFormProps) {
  const { formats, divisions, divisionsSource, phone, onUploaded } = props;
  const [formatId, setFormatId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<CsvChoice>(DETECTED_CSV);
  const [checked, setChecked] = useState<FieldErrors>({});
  const upload = useUploadImport(onUploaded);
  const format = formats.data?.formats.find((f) => f.formatId === formatId);

  if (formats.isPending) return <PanelLoading what={T.formatsLoading} />;
  if (formats.isError) {
    return (
      <PanelError
        what={T.formatsLoading}
        error={formats.error}
        onRetry={() => void formats.refetch()}
      />
    );
  }

  const serverField = fieldOf(upload.error);
  const errors: FieldErrors = {
    ...(serverField ? { [serverField]: errorMessage(upload.error) } : {}),
    ...checked,
  };
  const change = (field: Field) => {
    setChecked((e) => ({ ...e, [field]: undefined }));
    if (serverField === field) upload.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.uploading) return;
    const found = check(format, divisionId, file);
    setChecked(found);
    if (Object.keys(found).length > 0 || !format || !file) return;
    upload.upload({
      file,
      formatId: format.formatId,
      divisionId: format.needsDivision ? Number(divisionId) : null,
      ...(fileTypeOf(file.name) === 'csv' && csv),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Typography variant="body2" color="text.secondary">
          {T.importIntro}
        </Typography>
        <ChoiceSelect
          label={T.formatLabel}
          value={formatId}
          options={[
            { value: '', label: T.chooseFormat },
            ...formats.data.formats.map((f) => ({ value: f.formatId, label: f.name })),
          ]}
          onChange={(value) => {
            setFormatId(value);
            change('formatId');
          }}
          disabled={upload.uploading}
          error={errors.formatId}
        />
        {format && <FormatDetails format={format} phone={phone} />}
        {format?.needsDivision && (
          <ChoiceSelect
            label={T.divisionLabel}
            value={divisionId}
            options={[
              { value: '', label: divisionsSource.isLoading ? 'Loading…' : T.chooseDivision },
              ...divisions.map((d) => ({ value: String(d.divisionId), label: d.divisionName })),
            ]}
            onChange={(value) => {
              setDivisionId(value);
              change('divisionId');
            }}
            disabled={upload.uploading || divisionsSource.isLoading}
            error={
              errors.divisionId ??
              (divisionsSource.error ? errorMessage(divisionsSource.error) : undefined)
            }
          />
        )}
        <FileField
          file={file}
          onChange={(chosen) => {
            setFile(chosen);
            change('file');
            upload.reset();
          }}
          disabled={upload.uploading}
          error={errors.file}
        />
        <CsvDialectFields file={file} value={csv} onChange={setCsv} disabled={upload.uploading} />
        {upload.uploading && upload.progress && file && (
          <UploadProgress fileName={file.name} progress={upload.progress} onCancel={upload.cancel} />
        )}
        {upload.cancelled && <Alert severity="info">{T.uploadCancelled}</Alert>}
        {upload.error && !serverField && (
          <Alert severity="error">
            {T.uploadFailed}: {errorMessage(upload.error)}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={upload.uploading}
          >
            {T.checkFile}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

/** The upload's progress bar and its Cancel button. */
function UploadProgress(props: {
  fileName: string;
  progress: NonNullable<ReturnType<typeof useUploadImport>['progress']>;
  onCancel: () => void;
}) {
  const { fileName, progress, onCancel } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-end' } }}>
      <ProgressBar
        label={`Uploading ${fileName}`}
        value={percentOf(progress.loaded, progress.total)}
        text={uploadProgressText(progress.loaded, progress.total)}
      />
      <Button onClick={onCancel} sx={{ flexShrink: 0 }}>
        {T.cancelUpload}
      </Button>
    </Stack>
  );
}
