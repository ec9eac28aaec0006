import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { login } from '@csp/contracts';
import { PlainTextField } from '../../../components/plain-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contractBody } from '../../../lib/contract-schema.ts';
import { useSessionStore } from '../../../platform/session/session-context.tsx';

// The form validates with the login contract itself, so its rules match the server's.
const loginSchema = contractBody(login);

/** User name and password; on success the guard moves the user on to `next`. */
export function LoginForm() {
  const sessionStore = useSessionStore();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { userName: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ userName, password }) => {
    setServerError(null);
    try {
      await sessionStore.login(userName, password);
    } catch (error) {
      // 401 and 429 messages come from the server and are shown exactly as sent.
      setServerError(errorMessage(error));
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <PlainTextField
        label="User name"
        autoComplete="username"
        required
        fullWidth
        error={Boolean(errors.userName)}
        helperText={errors.userName?.message}
        {...register('userName')}
      />
      <PlainTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </Stack>
  );
}
