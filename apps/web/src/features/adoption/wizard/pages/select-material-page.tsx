import { ADOPTION_TYPE } from '@csp/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SECTION_HORIZON_SHOW_ALL_DAYS, type AdoptionSection } from '@csp/contracts';
import { useCourseSections } from '../../course-detail/course-detail-queries.ts';
import { sectionChoiceBlocked, selectionFlow } from '../course-wizard-rules.ts';
import { MaterialSummary, chosenMaterial } from '../material-summary.tsx';
import { SectionChecklist } from '../section-checklist.tsx';
import { useMaterialCoverage } from '../use-material-coverage.ts';
import { WIZARD_MESSAGES as M } from '../wizard-messages.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import {
  sectionsFormSchema,
  type SectionsFormValues,
  type SectionsValues,
} from '../wizard-schemas.ts';
import { LoadFailure } from '../../../../components/load-failure.tsx';
import { WizardForm } from '../wizard-form.tsx';

/**
 * selectMaterial: the sections the adoption is for (none to choose for an auto adoption, which
 * covers them all), and in create mode a first message for the store. A section that cannot be
 * chosen says why (docs/behaviour/validation.md rules, from the contracts); "show all" widens the horizon.
 */
export function SelectMaterialPage(props: WizardPageProps) {
  const { context, send, formId, course, today } = props;
  const sections = useCourseSections(course);
  const editing = context.mode === 'edit';
  const everySection = editing
    ? context.adoption?.adoptionType === ADOPTION_TYPE.AUTO
    : (context.answers?.autoAdopt ?? false);
  const covered = editing ? (context.adoption?.sections.map((s) => s.sectionId) ?? []) : [];
  const [schema] = useState(() => sectionsFormSchema({ everySection }));
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<
    SectionsFormValues,
    unknown,
    SectionsValues
  >({
    resolver: zodResolver(schema),
    defaultValues: context.sections ?? { sectionIdList: covered, showAll: false, message: '' },
  });
  const showAll = useWatch({ control, name: 'showAll' });
  const flow = selectionFlow(context);
  const coverage = useMaterialCoverage(context, course);
  const blocked = (section: AdoptionSection, all = showAll) =>
    sectionChoiceBlocked(section, { today, showAll: all, flow, covered, coverage });
  const material = chosenMaterial(context);
  const onSubmit = handleSubmit((values) => send({ type: 'SECTIONS_NEXT', values }));

  // Narrowing the horizon again un-chooses the sections only "show all" made choosable.
  const toggleShowAll = (on: boolean, list: readonly AdoptionSection[]) => {
    setValue('showAll', on);
    if (on) return;
    const still = new Set(list.filter((s) => !blocked(s, false)).map((s) => s.sectionId));
    setValue(
      'sectionIdList',
      (getValues('sectionIdList') ?? []).filter((id) => still.has(id)),
    );
  };

  return (
    <WizardForm formId={formId} onSubmit={onSubmit}>
      {material && <MaterialSummary material={material} label={editing ? 'Editing' : 'Adopting'} />}
      {flow === 'noMaterials' && !material && (
        <Typography>No course materials are required for the sections chosen here.</Typography>
      )}
      {everySection ? (
        <Alert severity="info">{M.everySection}</Alert>
      ) : sections.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-label="Loading sections" />
          <Typography color="text.secondary">Loading sections…</Typography>
        </Stack>
      ) : sections.isError ? (
        <LoadFailure onRetry={() => void sections.refetch()}>{M.sectionsFailed}</LoadFailure>
      ) : (
        <Stack spacing={1}>
          <FormControlLabel
            control={
              <Switch
                checked={showAll}
                onChange={(event) =>
                  toggleShowAll(event.target.checked, sections.data.potentialAdoptionSections)
                }
              />
            }
            label={`Show all sections (starting within ${SECTION_HORIZON_SHOW_ALL_DAYS} days)`}
          />
          <Controller
            control={control}
            name="sectionIdList"
            render={({ field }) => (
              <SectionChecklist
                sections={sections.data.potentialAdoptionSections}
                value={field.value ?? []}
                onChange={field.onChange}
                blockedReason={blocked}
                error={formState.errors.sectionIdList?.message}
              />
            )}
          />
        </Stack>
      )}
      {!editing && (
        <TextField
          label="Message for the store"
          multiline
          minRows={2}
          error={Boolean(formState.errors.message)}
          helperText={
            formState.errors.message?.message ??
            "Optional: it goes to the store's course materials team with the adoption."
          }
          {...register('message')}
        />
      )}
    </WizardForm>
  );
}
