import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePostMessage } from './course-detail-mutations.ts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { EMPTY_MESSAGE, messageFormSchema, splitEmails } from './message-form-schema.ts';

/**
 * Posts a message on the adoption's thread. Notifying the submitter e-mails them and marks the
 * adoption as needing their response; copied addresses get the message too.
 */
export function MessageForm({
  adoptionMaterialId,
  submitterName,
}: {
  adoptionMaterialId: number;
  /** Who "notify the submitter" e-mails, named on the checkbox when known. */
  submitterName: string | null;
}) {
  const notify = useNotify();
  const { post } = usePostMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(messageFormSchema), defaultValues: EMPTY_MESSAGE });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await post({
        adoptionMaterialId,
        message: values.message.trim(),
        notifySubmitter: values.notifySubmitter,
        ccEmailList: splitEmails(values.cc),
      });
      reset(EMPTY_MESSAGE);
      notify({
        type: 'success',
        message: values.notifySubmitter ? M.messagePostedNotified : M.messagePosted,
      });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <Stack
      component="form"
      aria-label="Post a message"
      noValidate
      spacing={1.5}
      onSubmit={(event) => void onSubmit(event)}
    >
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextField
        label="Message"
        required
        multiline
        minRows={3}
        fullWidth
        error={Boolean(errors.message)}
        helperText={errors.message?.message}
        {...register('message')}
      />
      <TextField
        label="Copy to (e-mail addresses)"
        fullWidth
        autoComplete="off"
        error={Boolean(errors.cc)}
        helperText={
          errors.cc?.message ??
          "Optional. Separate addresses with commas. Copies go only to this store's accounts and addresses at its domains."
        }
        {...register('cc')}
      />
      <FormCheckbox
        control={control}
        name="notifySubmitter"
        label={`Notify the submitter${submitterName ? `, ${submitterName},` : ''} (e-mails them and marks the adoption response required)`}
      />
      <div>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Post message'}
        </Button>
      </div>
    </Stack>
  );
}
