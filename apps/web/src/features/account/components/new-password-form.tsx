import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkPasswordRules, PASSWORD_RULE_HINTS } from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { setNewPassword } from '../api/password-api.ts';

export const PASSWORDS_DIFFER_MESSAGE = "The passwords don't match.";
export const CONFIRM_EMPTY_MESSAGE = 'Enter the new password again.';

/**
 * The server's rules (shared from the contract) except the common-password list, which only the
 * server holds; a common password is refused by the server and shown next to the field.
 */
function newPasswordSchema(userName: string) {
  return z
    .object({ newPassword: z.string(), confirmPassword: z.string() })
    .superRefine(({ newPassword, confirmPassword }, ctx) => {
      const problem = checkPasswordRules(newPassword, { email: userName });
      if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
      if (!confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: CONFIRM_EMPTY_MESSAGE });
      } else if (confirmPassword !== newPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: PASSWORDS_DIFFER_MESSAGE,
        });
      }
    });
}

interface NewPasswordFormProps {
  token: string;
  userName: string;
  /** An invited account's first password: it signs in with its user name from now on. */
  firstPassword?: boolean;
  onDone: (message: string) => void;
  /** The token stopped working meanwhile (used, expired): the page explains it. */
  onTokenProblem: (message: string) => void;
}

/** Step 2: the new password twice, checked by the same rules as the server. */
export function NewPasswordForm({
  token,
  userName,
  firstPassword = false,
  onDone,
  onTokenProblem,
}: NewPasswordFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordSchema(userName)),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      const result = await setNewPassword(token, newPassword);
      onDone(result.message);
    } catch (error) {
      if (error instanceof ApiRequestError && error.field === 'newPassword') {
        setError('newPassword', { message: error.message }, { shouldFocus: true });
      } else if (error instanceof ApiRequestError && error.field === 'token') {
        onTokenProblem(error.message);
      } else {
        setServerError(errorMessage(error));
      }
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography>
        {firstPassword ? (
          <>
            Choose the password of <strong>{userName}</strong>: you sign in with this e-mail address
            and the password.
          </>
        ) : (
          <>
            Choose a new password for <strong>{userName}</strong>.
          </>
        )}
      </Typography>
      <Box id="password-rules">
        <Typography variant="body2" component="p">
          Your password needs:
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, typography: 'body2' }}>
          {PASSWORD_RULE_HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </Box>
      </Box>
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      {/* Lets password managers store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </Stack>
  );
}
