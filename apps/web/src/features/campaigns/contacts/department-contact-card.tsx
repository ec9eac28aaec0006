import { useEffect, useId, useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_NAME_MAX, type DepartmentContact } from '@csp/contracts';
import { Panel } from '../../../components/panel.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetDepartmentContact } from '../api/contact-queries.ts';
import {
  contactFieldError,
  contactResolver,
  type ContactBody,
  type ContactValues,
} from './contact-form.ts';
import { CONTACT_TEXT as T } from './contact-text.ts';
import { SaveFeedbackAlert, type SaveFeedback } from '../save-feedback.tsx';

interface DepartmentContactCardProps {
  department: DepartmentContact;
  /** h2 when the page lists one division, h3 under each division's h2 otherwise. */
  headingLevel: 'h2' | 'h3';
  /** The department as its controls name it: code and name, and the division when several. */
  label: string;
}

const valuesOf = (d: ContactBody): ContactValues => ({
  contactName: d.contactName ?? '',
  contactEmail: d.contactEmail ?? '',
});

const sectionsLine = (n: number) =>
  `${n} ${n === 1 ? 'section' : 'sections'} in the coming and current terms`;

/**
 * One department: its contact as a small form of its own. Save sends both fields (blank is
 * none), Clear sends nulls; the answer replaces the row (and this form's values), and a refusal
 * naming a field (a malformed address, one the store does not know) is shown under that field
 * in the server's words.
 */
export function DepartmentContactCard({
  department,
  headingLevel,
  label,
}: DepartmentContactCardProps) {
  const headingId = useId();
  const { save, remember, saving } = useSetDepartmentContact(department.departmentId);
  const form = useForm<ContactValues, unknown, ContactBody>({
    resolver: contactResolver,
    defaultValues: valuesOf(department),
  });
  const { contactName, contactEmail } = department;
  // A contact changed elsewhere (a refetch) shows here, unless something is being typed.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf({ contactName, contactEmail }));
  }, [form, contactName, contactEmail]);
  const { errors, isDirty } = useFormState({ control: form.control });
  const [feedback, setFeedback] = useState<SaveFeedback | null>(null);
  const hasContact = department.contactName !== null || department.contactEmail !== null;

  const send = async (body: ContactBody) => {
    setFeedback(null);
    form.clearErrors();
    try {
      const saved = await save(body);
      form.reset(valuesOf(saved));
      remember(saved);
      const empty = saved.contactName === null && saved.contactEmail === null;
      setFeedback({ kind: 'saved', message: empty ? T.cleared : T.saved });
    } catch (error) {
      const named = contactFieldError(error);
      if (named) {
        form.setError(named.field, { message: named.message }, { shouldFocus: true });
        return;
      }
      setFeedback({ kind: 'error', message: errorMessage(error) });
    }
  };
  const submit = form.handleSubmit((body) => send(body));
  const field = (name: keyof ContactValues, fieldLabel: string) => ({
    label: fieldLabel,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    size: 'small' as const,
    slotProps: { htmlInput: { 'aria-label': `${fieldLabel} for ${label}` } },
    sx: { flex: 1, minWidth: 0 },
    ...form.register(name),
  });

  return (
    <Panel labelledBy={headingId} component="article">
      <Typography
        id={headingId}
        component={headingLevel}
        variant="subtitle1"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {department.code} · {department.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {sectionsLine(department.sections)}
        {hasContact ? '' : ` · ${T.noContact}`}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap>
          <TextField
            {...field('contactName', T.nameLabel)}
            autoComplete="off"
            slotProps={{
              htmlInput: {
                'aria-label': `${T.nameLabel} for ${label}`,
                maxLength: CONTACT_NAME_MAX,
              },
            }}
          />
          <TextField {...field('contactEmail', T.emailLabel)} type="email" autoComplete="off" />
          <Stack direction="row" spacing={1.5} sx={{ height: { md: 40 } }}>
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              aria-label={`${T.save} contact for ${label}`}
            >
              {T.save}
            </Button>
            <Button
              type="button"
              variant="outlined"
              disabled={saving || !hasContact}
              onClick={() => void send({ contactName: null, contactEmail: null })}
              aria-label={`${T.clear} contact for ${label}`}
            >
              {T.clear}
            </Button>
          </Stack>
        </Stack>
        <SaveFeedbackAlert feedback={feedback} isDirty={isDirty} />
      </Box>
    </Panel>
  );
}
