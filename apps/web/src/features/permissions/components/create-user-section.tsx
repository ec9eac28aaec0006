import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { createUserAccount, isAssignableUsername } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateUser } from '../api/permission-queries.ts';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';
import { CreatedAccountNotice, type CreatedAccount } from './created-account-notice.tsx';

const contractQuery = createUserAccount.query;
if (!contractQuery) throw new Error('createUserAccount has no query schema');

// The contract's query, with the empty-field messages of docs/behaviour/validation.md checked first.
const createUserSchema = contractQuery.extend({
  newUsername: z
    .string()
    .trim()
    .min(1, PERMISSION_MESSAGES.createEmailRequired)
    .refine(isAssignableUsername, 'Enter a full email address, with @ and .'),
  name: z
    .string()
    .trim()
    .min(1, PERMISSION_MESSAGES.createNameRequired)
    .max(200, 'Use at most 200 characters.'),
});

/** The collapsible 'Create New User Account' form (docs/behaviour/routes-and-guard.md, docs/behaviour/validation.md). */
export function CreateUserSection({ onManage }: { onManage: (userName: string) => void }) {
  const notify = useNotify();
  const createUser = useCreateUser();
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const {
    register,
    setFocus,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createUserSchema),
    defaultValues: { newUsername: '', name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setCreated(null);
    try {
      setCreated(await createUser.mutateAsync(values));
      reset();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    }
  });

  return (
    <Accordion slots={{ heading: 'h2' }} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" variant="h6">
          Create New User Account
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          {created && (
            <CreatedAccountNotice
              account={created}
              onDone={() => {
                // The notice (and the focused Done button) goes away: continue in the form.
                setCreated(null);
                setFocus('newUsername');
              }}
              onManage={() => onManage(created.userName)}
            />
          )}
          <Stack
            component="form"
            aria-label="Create New User Account"
            noValidate
            spacing={2}
            onSubmit={(event) => void onSubmit(event)}
            sx={{ maxWidth: 480 }}
          >
            <TextField
              label="Email address"
              type="email"
              autoComplete="off"
              error={Boolean(errors.newUsername)}
              helperText={errors.newUsername?.message}
              {...register('newUsername')}
            />
            <TextField
              label="Name"
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              {...register('name')}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={createUser.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {createUser.isPending ? 'Creating…' : 'Create User'}
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
