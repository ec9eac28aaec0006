import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { AllowanceUpload } from '@csp/contracts';
import { FilePicker } from '../../../components/file-picker.tsx';
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
      <FilePicker
        label="Allowance file (.csv or .xlsx)"
        accept={ACCEPTED_ALLOWANCE_FILES}
        disabled={sender.uploading}
        invalid={Boolean(problem)}
        onChange={(chosen) => {
          setFile(chosen);
          setProblem(null);
          sender.reset();
        }}
        helper={
          <>
            {/* Always in the page, so a screen reader hears a problem the moment it is set. */}
            <span role="alert">{problem}</span>
            {problem ? null : file ? file.name : 'Up to 5 MB and 50,000 rows.'}
          </>
        }
      />
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
