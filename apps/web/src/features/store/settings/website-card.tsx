import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoreWebsite } from '@csp/contracts';
import { Panel } from '../../../components/panel.tsx';
import { twoColumns } from '../../../components/two-columns.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { ColourField } from './colour-field.tsx';
import { WebsiteLogos } from './website-logos.tsx';
import { WebsiteSso } from './website-sso.tsx';
import { SectionActions } from './section-actions.tsx';
import { formFieldOf, messageForField } from './server-field.ts';
import { useUpdateWebsiteBranding } from './store-settings-queries.ts';
import { STORE_TEXT as T } from './store-text.ts';
import { KEEP_TYPING, REPLACE_TYPING, type SectionFeedback } from './use-settings-section.ts';
import {
  brandingField,
  brandingResolver,
  brandingValues,
  type BrandingOutput,
  type BrandingValues,
} from './website-schema.ts';

/**
 * One website, headed by its address: its names and colours as a form of its own, then its
 * single sign-on (website-sso.tsx), saved on its own too.
 */
export function WebsiteCard({ website }: { website: StoreWebsite }) {
  const headingId = useId();
  const { save, saving } = useUpdateWebsiteBranding(website.id);
  const form = useForm<BrandingValues, unknown, BrandingOutput>({
    resolver: brandingResolver,
    values: brandingValues(website),
    resetOptions: KEEP_TYPING,
  });
  const [feedback, setFeedback] = useState<SectionFeedback | null>(null);
  const { register, control, formState } = form;
  const { errors } = formState;

  const submit = form.handleSubmit(async (branding) => {
    setFeedback(null);
    try {
      const answer = await save(branding);
      const saved = answer.websites.find((w) => w.id === website.id);
      if (saved) form.reset(brandingValues(saved), REPLACE_TYPING);
      setFeedback({ kind: 'saved' });
    } catch (error) {
      const field = formFieldOf(error, 'branding.', brandingField);
      if (field && error instanceof ApiRequestError) {
        form.setError(field, { message: messageForField(error) }, { shouldFocus: true });
        return;
      }
      setFeedback({ kind: 'error', message: errorMessage(error), stale: false });
    }
  });

  return (
    <Panel labelledBy={headingId} component="article">
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {website.host}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Whoever runs the portal moves a website to another host, as a new host needs its DNS and
        certificate too.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={2.5} sx={{ pt: 2.5 }}>
          <Box sx={twoColumns('sm')}>
            <TextField
              label="Name"
              required
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? 'Shown beside the logo.'}
              {...register('name')}
            />
            <TextField
              label="Site title"
              required
              autoComplete="off"
              error={Boolean(errors.siteTitle)}
              helperText={errors.siteTitle?.message ?? 'Shown in the app bar and browser tabs.'}
              {...register('siteTitle')}
            />
          </Box>
          <Box sx={twoColumns('sm')}>
            <ColourField control={control} name="primaryColor" label="Primary colour" />
            <ColourField control={control} name="secondaryColor" label="Secondary colour" />
          </Box>
          <TextField
            label="Public address"
            autoComplete="off"
            type="url"
            error={Boolean(errors.publicUrl)}
            helperText={
              errors.publicUrl?.message ??
              'Where visitors reach this website, e.g. https://bookstore.example.edu. Optional.'
            }
            {...register('publicUrl')}
          />
        </Stack>
        <SectionActions
          saveLabel={`Save ${website.host}`}
          busy={saving}
          dirty={formState.isDirty}
          onDiscard={() => {
            form.reset(undefined, REPLACE_TYPING);
            setFeedback(null);
          }}
          feedback={feedback}
          savedText={T.brandingSaved}
        />
      </Box>
      <WebsiteLogos website={website} />
      <WebsiteSso website={website} />
    </Panel>
  );
}
