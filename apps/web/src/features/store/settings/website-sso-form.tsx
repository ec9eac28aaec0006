import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IDP_METADATA_MAX_CHARS, type StoreWebsite, type WebsiteSsoInput } from '@csp/contracts';
import { FilePicker } from '../../../components/file-picker.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { count } from '../../../lib/format.ts';
import { SectionActions } from './section-actions.tsx';
import { useUpdateWebsiteSso } from './store-settings-queries.ts';
import { KEEP_TYPING, REPLACE_TYPING, type SectionFeedback } from './use-settings-section.ts';
import {
  ssoFieldOf,
  ssoMessage,
  ssoResolver,
  ssoValues,
  type SsoSource,
  type SsoValues,
} from './website-sso-schema.ts';

const SOURCES: [SsoSource, string][] = [
  ['upload', 'Upload the identity provider’s metadata file'],
  ['enter', 'Enter the details'],
];

/**
 * Turns the website's SAML on, or changes its identity provider: from the provider's metadata
 * file (read here, sent as text) or its details typed in, with single logout or not. The
 * contract's rules are checked before sending; a refusal lands on the input it names.
 */
type SsoFormApi = UseFormReturn<SsoValues, unknown, WebsiteSsoInput>;

export function SsoForm({ website }: { website: StoreWebsite }) {
  const { save, saving } = useUpdateWebsiteSso(website.id);
  const form = useForm<SsoValues, unknown, WebsiteSsoInput>({
    resolver: ssoResolver,
    values: ssoValues(website),
    resetOptions: KEEP_TYPING,
  });
  const [feedback, setFeedback] = useState<SectionFeedback | null>(null);
  // The browser's file input keeps its file until it is drawn again: a new key clears it.
  const [fileInputKey, setFileInputKey] = useState(0);
  const fileBoxId = useId();
  const source = useWatch({ control: form.control, name: 'source' });

  const submit = form.handleSubmit(async (sso) => {
    setFeedback(null);
    try {
      const answer = await save(sso);
      const saved = answer.websites.find((w) => w.id === website.id);
      if (saved) form.reset(ssoValues(saved), REPLACE_TYPING);
      setFileInputKey((key) => key + 1);
      setFeedback({ kind: 'saved' });
    } catch (error) {
      const field = ssoFieldOf(error, form.getValues('source'));
      if (field && error instanceof ApiRequestError) {
        form.setError(field, { message: ssoMessage(error, field) }, { shouldFocus: true });
        // The file input is the browser's own, not a registered field: focused by hand.
        if (field === 'metadataXml') {
          document.getElementById(fileBoxId)?.querySelector('input')?.focus();
        }
        return;
      }
      setFeedback({ kind: 'error', message: errorMessage(error), stale: false });
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Single sign-on of ${website.host}`}
      onSubmit={(event) => void submit(event)}
    >
      <Typography component="h5" variant="subtitle2">
        {website.sso.ssoType === 'SAML' ? 'Change the identity provider' : 'Turn single sign-on on'}
      </Typography>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <SourceChoice form={form} websiteId={website.id} />
        {source === 'upload' ? (
          <Box id={fileBoxId}>
            <MetadataFile key={fileInputKey} form={form} disabled={saving} />
          </Box>
        ) : (
          <TypedDetails form={form} />
        )}
        <SingleLogoutSwitch form={form} websiteId={website.id} />
      </Stack>
      <SectionActions
        saveLabel={`Save single sign-on for ${website.host}`}
        busy={saving}
        dirty={form.formState.isDirty}
        onDiscard={() => {
          form.reset(undefined, REPLACE_TYPING);
          setFileInputKey((key) => key + 1);
          setFeedback(null);
        }}
        feedback={feedback}
        savedText={`Saved. Users of ${website.host} now sign in through the identity provider.`}
      />
    </Box>
  );
}

function SourceChoice({ form, websiteId }: { form: SsoFormApi; websiteId: number }) {
  return (
    <Controller
      control={form.control}
      name="source"
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel component="legend">The identity provider’s details</FormLabel>
          <RadioGroup
            name={`${field.name}-${websiteId}`}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value as SsoSource)}
          >
            {SOURCES.map(([value, label]) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** The metadata file, read here as text: its size is checked before anything is sent. */
function MetadataFile({ form, disabled }: { form: SsoFormApi; disabled: boolean }) {
  const { errors } = form.formState;
  const fileName = useWatch({ control: form.control, name: 'fileName' });
  const length = useWatch({ control: form.control, name: 'metadataXml' }).length;
  const fileError = errors.fileName?.message ?? errors.metadataXml?.message;

  const chooseFile = async (file: File | null) => {
    const text = file ? await file.text() : '';
    form.setValue('fileName', file?.name ?? '', { shouldDirty: true });
    form.setValue('metadataXml', text, { shouldDirty: true });
    await form.trigger(['fileName', 'metadataXml']);
  };

  return (
    <FilePicker
      label="Metadata file"
      accept=".xml,text/xml,application/xml"
      required
      disabled={disabled}
      invalid={Boolean(fileError)}
      onChange={(file) => void chooseFile(file)}
      helper={
        fileError ??
        (fileName
          ? `${fileName}: ${count(length)} characters, sent as it is when you save.`
          : `The XML file the identity provider publishes about itself (at most ${count(IDP_METADATA_MAX_CHARS)} characters).`)
      }
    />
  );
}

function TypedDetails({ form }: { form: SsoFormApi }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label="Entity ID"
        required
        autoComplete="off"
        error={Boolean(errors.entityId)}
        helperText={
          errors.entityId?.message ?? 'The identity provider’s name for itself, often an address.'
        }
        {...register('entityId')}
      />
      <TextField
        label="Sign-on address"
        required
        type="url"
        autoComplete="off"
        error={Boolean(errors.ssoUrl)}
        helperText={errors.ssoUrl?.message ?? 'Where users are sent to sign in (HTTP-Redirect).'}
        {...register('ssoUrl')}
      />
      <TextField
        label="Sign-off address"
        type="url"
        autoComplete="off"
        error={Boolean(errors.sloUrl)}
        helperText={errors.sloUrl?.message ?? 'For single logout. Optional.'}
        {...register('sloUrl')}
      />
      <TextField
        label="Certificate"
        required
        multiline
        minRows={4}
        autoComplete="off"
        error={Boolean(errors.certificate)}
        helperText={
          errors.certificate?.message ??
          'The provider’s signing certificate: PEM (-----BEGIN CERTIFICATE-----) or its base64.'
        }
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        {...register('certificate')}
      />
    </>
  );
}

function SingleLogoutSwitch({ form, websiteId }: { form: SsoFormApi; websiteId: number }) {
  const hintId = `slo-hint-${websiteId}`;
  const error = form.formState.errors.sloEnabled;
  return (
    <Controller
      control={form.control}
      name="sloEnabled"
      render={({ field }) => (
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
              />
            }
            label="Sign users out of the identity provider too (single logout)"
          />
          <FormHelperText id={hintId} error={Boolean(error)} sx={{ mt: 0 }}>
            {error?.message ?? 'Needs the provider’s sign-off address.'}
          </FormHelperText>
        </div>
      )}
    />
  );
}
