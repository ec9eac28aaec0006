import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requestPasswordReset } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { contractBody } from '../../../lib/contract-schema.ts';
import { requestReset } from '../api/password-api.ts';

const requestSchema = contractBody(requestPasswordReset).pick({ email: true });

/** Step 1: the e-mail address; then the server's neutral confirmation, whatever it found. */
export function RequestResetForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(requestSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (sentMessage) confirmationRef.current?.focus();
  }, [sentMessage]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      const result = await requestReset(email);
      setSentMessage(result.message);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  if (sentMessage) {
    return (
      <Alert severity="success" role="status" ref={confirmationRef} tabIndex={-1}>
        {sentMessage} The link works for one hour. If nothing arrives, check your spam folder or ask
        again.
      </Alert>
    );
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </Typography>
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
    </Stack>
  );
}
