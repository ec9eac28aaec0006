import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { AllowanceUpload } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { ACCEPTED_ALLOWANCE_FILES, allowanceFileProblem } from '../api/upload-allowance-file.ts';
import { useUploadAllowanceFile } from '../api/use-upload-allowance-file.ts';

const percent = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;

/** Chooses an allowance file and sends it with its progress; the report goes to `onChecked`. */
export function UploadForm({
  sourceId,
  onChecked,
}: {
  sourceId: number;
  onChecked: (upload: AllowanceUpload) => void;
}) {
  const inputId = useId();
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sender = useUploadAllowanceFile(sourceId, onChecked);

  const send = () => {
    if (!file) return setProblem('Choose a .csv or .xlsx file first.');
    const why = allowanceFileProblem(file);
    if (why) return setProblem(why);
    setProblem(null);
    sender.upload(file);
  };

  const progress = sender.progress;
  const shown = progress ? percent(progress.loaded, progress.total) : 0;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <div>
        <Typography
          component="label"
          htmlFor={inputId}
          variant="body2"
          sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}
        >
          Allowance file (.csv or .xlsx)
        </Typography>
        <Box
          component="input"
          id={inputId}
          type="file"
          accept={ACCEPTED_ALLOWANCE_FILES}
          disabled={sender.uploading}
          aria-describedby={helpId}
          aria-invalid={problem ? true : undefined}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            sender.reset();
          }}
          sx={{ font: 'inherit', maxWidth: '100%' }}
        />
        <FormHelperText id={helpId} error={Boolean(problem)}>
          {/* Always in the page, so a screen reader hears a problem the moment it is set. */}
          <span role="alert">{problem}</span>
          {problem ? null : file ? file.name : 'Up to 5 MB and 50,000 rows.'}
        </FormHelperText>
      </div>
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        onClick={send}
        disabled={sender.uploading}
      >
        Upload and check
      </Button>
      {progress && file && (
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <LinearProgress
            variant="determinate"
            value={shown}
            aria-label={`Uploading ${file.name}`}
            aria-valuetext={`${shown}% sent`}
          />
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {shown}% sent
          </Typography>
        </Box>
      )}
      {sender.error && <Alert severity="error">{errorMessage(sender.error)}</Alert>}
    </Stack>
  );
}
