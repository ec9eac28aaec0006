import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { earliestStartDate, type AdoptionSection } from '@csp/contracts';
import { useCourseSections } from '../../course-detail/course-detail-queries.ts';
import { DateRangeFields } from '../date-range-fields.tsx';
import { WIZARD_MESSAGES as M } from '../wizard-messages.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import {
  noMaterialsFormSchema,
  type NoMaterialsFormValues,
  type NoMaterialsValues,
} from '../wizard-schemas.ts';
import { LoadFailure } from '../../../../components/load-failure.tsx';
import { WizardForm } from '../wizard-form.tsx';

/**
 * noMaterials: "no text required" from when (at the earliest, the first start of a section it
 * can be recorded for, docs/behaviour/validation.md), until when, and a note. The sections come next.
 */
export function NoMaterialsPage(props: WizardPageProps) {
  const sections = useCourseSections(props.course);
  if (sections.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading sections" />
        <Typography color="text.secondary">Loading sections…</Typography>
      </Stack>
    );
  }
  if (sections.isError) {
    return <LoadFailure onRetry={() => void sections.refetch()}>{M.sectionsFailed}</LoadFailure>;
  }
  return <NoMaterialsForm {...props} sections={sections.data.potentialAdoptionSections} />;
}

function NoMaterialsForm({
  context,
  send,
  formId,
  today,
  sections,
}: WizardPageProps & { sections: readonly AdoptionSection[] }) {
  const minStartDate = earliestStartDate(sections, { today, flow: 'noMaterials' });
  const saved = context.noMaterial;
  const { control, register, handleSubmit, formState } = useForm<
    NoMaterialsFormValues,
    unknown,
    NoMaterialsValues
  >({
    resolver: zodResolver(noMaterialsFormSchema({ minStartDate, unchangedStartDate: null })),
    defaultValues: {
      startDate: saved?.startDate ?? minStartDate,
      expirationDate: saved?.expirationDate ?? '',
      externalAdoptionNote: saved?.externalAdoptionNote ?? '',
    },
  });
  const onSubmit = handleSubmit((values) => send({ type: 'NO_MATERIALS_NEXT', values }));
  return (
    <WizardForm formId={formId} onSubmit={onSubmit}>
      <Typography>
        Record that no course materials are required. You choose the sections on the next page.
      </Typography>
      <DateRangeFields control={control} minStartDate={minStartDate} />
      <TextField
        label="Note for the store"
        multiline
        minRows={2}
        error={Boolean(formState.errors.externalAdoptionNote)}
        helperText={formState.errors.externalAdoptionNote?.message ?? 'Optional.'}
        {...register('externalAdoptionNote')}
      />
    </WizardForm>
  );
}
