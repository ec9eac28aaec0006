import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requestIaSignInLink } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { contractBody } from '../../../lib/contract-schema.ts';
import { useRequestSignInLink } from '../api/student-page-queries.ts';

const schema = contractBody(requestIaSignInLink).pick({ email: true });

/**
 * "E-mail me a sign-in link": the address the college has for the student. The server answers
 * the same whatever the address, so the page says the same too.
 */
export function SignInLinkForm() {
  const request = useRequestSignInLink();
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async ({ email }) => {
    const answer = await request.mutateAsync(email).catch(() => null);
    if (answer) setSent(answer.message);
  });

  if (sent) {
    return (
      <Alert severity="success" role="status" ref={sentRef} tabIndex={-1}>
        {sent} If nothing arrives, check your spam folder or ask again.
      </Alert>
    );
  }
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography>
        See the digital course materials charged to your student account, and opt out or back in
        before the deadline. Enter the e-mail address your college has for you and we will send you
        a sign-in link.
      </Typography>
      {request.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(request.error)}
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
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'E-mail me a sign-in link'}
      </Button>
    </Stack>
  );
}
