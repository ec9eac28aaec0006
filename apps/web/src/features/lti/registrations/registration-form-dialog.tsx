import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { LtiRegistration, LtiRegistrationInput } from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { usePhone } from '../../../components/use-phone.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { CoursePatternPreview } from './course-pattern-preview.tsx';
import {
  registrationFieldOf,
  registrationFormValues,
  registrationResolver,
  wordsForField,
  type RegistrationFormValues,
} from './registration-form-schema.ts';
import { useSaveRegistration } from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';
import { TextListField } from './text-list-field.tsx';

type FormApi = UseFormReturn<RegistrationFormValues, unknown, LtiRegistrationInput>;
type TextName =
  'name' | 'issuer' | 'clientId' | 'keySetUrl' | 'authorizationEndpoint' | 'tokenEndpoint';

/**
 * A platform's registration, new or changed. The contract's rules are checked as typed; the
 * server's refusal (a 409 for a platform and client id the store has) lands on its field. One
 * save at a time: a double click sends once.
 */
export function RegistrationFormDialog({
  registration,
  onClose,
  onSaved,
}: {
  registration?: LtiRegistration;
  onClose: () => void;
  onSaved: (saved: LtiRegistration) => void;
}) {
  const titleId = useId();
  const phone = usePhone();
  const sending = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { save, saving } = useSaveRegistration();
  const form: FormApi = useForm<RegistrationFormValues, unknown, LtiRegistrationInput>({
    resolver: registrationResolver,
    defaultValues: registrationFormValues(registration),
  });

  const submit = async (input: LtiRegistrationInput) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    try {
      onSaved(await save(input, registration?.registrationId ?? null));
    } catch (error) {
      const field = registrationFieldOf(error);
      if (field && error instanceof ApiRequestError) {
        form.setError(field, { message: wordsForField(error) }, { shouldFocus: true });
      } else {
        setProblem(errorMessage(error));
      }
    } finally {
      sending.current = false;
    }
  };

  const busy = saving || form.formState.isSubmitting;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{registration ? T.edit(registration.name) : T.formNew}</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          aria-labelledby={titleId}
          spacing={2.5}
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          <Text form={form} name="name" />
          <Text form={form} name="issuer" help={T.help.issuer} />
          <Text form={form} name="clientId" />
          <TextListField
            form={form}
            name="deploymentIds"
            legend={T.fields.deploymentIds}
            help={T.help.deploymentIds}
            itemLabel={T.fields.deploymentId}
            addLabel={T.fields.addDeployment}
            removeLabel={T.fields.removeDeployment}
          />
          <Text form={form} name="keySetUrl" />
          <Text form={form} name="authorizationEndpoint" />
          <Text form={form} name="tokenEndpoint" />
          <TextListField
            form={form}
            name="frameOrigins"
            legend={T.fields.frameOrigins}
            help={T.help.frameOrigins}
            itemLabel={(n) => `Address ${n}`}
            addLabel="Add an address"
            removeLabel={(n) => `Remove address ${n}`}
          />
          <CoursePatternFields form={form} />
          <GrantInstructorsSwitch form={form} />
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <FormDialogActions
        formId={`${titleId}-form`}
        submitLabel={T.formSave}
        busy={busy}
        onClose={onClose}
      />
    </Dialog>
  );
}

function Text({ form, name, help }: { form: FormApi; name: TextName; help?: string }) {
  const error = form.formState.errors[name]?.message;
  return (
    <TextField
      {...form.register(name)}
      label={T.fields[name]}
      required={name !== 'tokenEndpoint'}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? help}
    />
  );
}

function CoursePatternFields({ form }: { form: FormApi }) {
  const pattern = useWatch({ control: form.control, name: 'coursePattern' });
  const error = form.formState.errors.coursePattern?.message;
  return (
    <Stack spacing={1.5}>
      <TextField
        {...form.register('coursePattern')}
        label={T.fields.coursePattern}
        required
        fullWidth
        error={Boolean(error)}
        helperText={error ?? T.help.coursePattern}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <CoursePatternPreview pattern={pattern} />
    </Stack>
  );
}

/** What the switch does, said in plain words beside it, and changing with it. */
function GrantInstructorsSwitch({ form }: { form: FormApi }) {
  const helpId = useId();
  return (
    <Controller
      control={form.control}
      name="grantInstructors"
      render={({ field }) => (
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label={T.fields.grantInstructors}
          />
          <FormHelperText id={helpId} sx={{ mt: 0 }}>
            {field.value ? T.help.grantInstructorsOn : T.help.grantInstructorsOff}
          </FormHelperText>
        </div>
      )}
    />
  );
}
