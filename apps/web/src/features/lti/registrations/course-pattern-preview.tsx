import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  compileCoursePattern,
  LTI_PREVIEW_MAX_SAMPLES,
  type ResponseOf,
  type previewLtiCoursePattern,
} from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePatternPreview } from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

type Samples = ResponseOf<typeof previewLtiCoursePattern>['samples'];

/**
 * Where course ids the platform sends would land under the pattern as typed: each sample's
 * section, or why none. Nothing is saved; a pattern the contract refuses says why first.
 */
export function CoursePatternPreview({ pattern }: { pattern: string }) {
  const [typed, setTyped] = useState('');
  const [samples, setSamples] = useState<Samples | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { preview, previewing } = usePatternPreview();
  const ids = typed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, LTI_PREVIEW_MAX_SAMPLES);

  const run = async () => {
    setProblem(null);
    const compiled = compileCoursePattern(pattern);
    if (!compiled.ok) {
      setSamples(null);
      setProblem(compiled.problem);
      return;
    }
    try {
      setSamples((await preview(pattern, ids)).samples);
    } catch (error) {
      setSamples(null);
      setProblem(errorMessage(error));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="pattern-preview-title"
      sx={{ pl: 2, borderLeft: 3, borderColor: 'divider' }}
    >
      <Typography id="pattern-preview-title" component="h3" variant="subtitle2">
        {T.previewTitle}
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        <TextField
          label={T.previewLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          multiline
          minRows={2}
          size="small"
          fullWidth
        />
        <div>
          <Button
            variant="outlined"
            onClick={() => void run()}
            disabled={previewing || ids.length === 0}
          >
            {T.previewRun}
          </Button>
        </div>
        <div aria-live="polite">
          {problem && <Alert severity="error">{problem}</Alert>}
          {!problem && samples === null && (
            <Typography variant="body2" color="text.secondary">
              {T.previewNone}
            </Typography>
          )}
          {samples && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {samples.map((sample, i) => (
                <Typography component="li" variant="body2" key={`${i}-${sample.sampleId}`}>
                  {sample.label
                    ? T.previewMapped(sample.sampleId, sample.label)
                    : T.previewUnmapped(sample.sampleId, sample.why ?? '')}
                </Typography>
              ))}
            </Box>
          )}
        </div>
      </Stack>
    </Box>
  );
}
