import { ADOPTION_TYPE, inclusiveAccessInStep } from '@csp/contracts';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { DateRangeFields } from '../date-range-fields.tsx';
import { MaterialSummary, chosenMaterial } from '../material-summary.tsx';
import { materialKindInfo, questionDateRules, questionsDefaults } from '../questions-defaults.ts';
import { WIZARD_MESSAGES as M } from '../wizard-messages.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import {
  questionsFormSchema,
  type QuestionsFormValues,
  type QuestionsValues,
} from '../wizard-schemas.ts';
import { YesNoField } from '../yes-no-field.tsx';
import { useAutoAdoptionBlock } from '../use-material-coverage.ts';
import { WizardForm } from '../wizard-form.tsx';
import { twoColumns } from '../../../../components/two-columns.ts';
import { MaterialKindField } from '../../titles/material-kind-field.tsx';
import { MaterialAccess } from '../../titles/material-kind-chip.tsx';

/**
 * questions: how the material is adopted (docs/behaviour/entities.md#adoption-material). Print only is asked only
 * of those who may choose it, and the auto adoption question only of course-wide adopters
 * (docs/behaviour/validation.md, the server checks both too).
 */
export function QuestionsPage(props: WizardPageProps) {
  const { context, send, formId, permissions, today } = props;
  const editing = context.mode === 'edit';
  const rules = questionDateRules(context, today);
  const [schema] = useState(() => questionsFormSchema(rules));
  const {
    register,
    control,
    handleSubmit,
    subscribe,
    setValue,
    formState: { errors },
  } = useForm<QuestionsFormValues, unknown, QuestionsValues>({
    resolver: zodResolver(schema),
    defaultValues: questionsDefaults(context, today, permissions),
  });
  const ia = useWatch({ control, name: 'ia' });
  const autoAdopt = useWatch({ control, name: 'autoAdopt' });
  const kind = useWatch({ control, name: 'materialKind' });
  const own = materialKindInfo(context);
  // "Inclusive access?" and the kind are one fact (the contracts' inclusiveAccessInStep): the
  // one the adopter sets moves the other, as the server prices it.
  useEffect(
    () =>
      subscribe({
        name: ['ia', 'materialKind'],
        formState: { values: true },
        callback: ({ values, name }) => {
          if (name !== 'ia' && name !== 'materialKind') return;
          const answers = { ia: values.ia, materialKind: values.materialKind };
          const next = inclusiveAccessInStep(answers, name, own.kind);
          if (next.ia !== answers.ia) setValue('ia', next.ia);
          if (next.materialKind !== answers.materialKind) {
            setValue('materialKind', next.materialKind);
          }
        },
      }),
    [subscribe, setValue, own.kind],
  );
  const autoBlock = useAutoAdoptionBlock(props, !editing && autoAdopt);
  const material = chosenMaterial(context);
  // The server refuses the same; asking here keeps the answers from a refused submit.
  const onSubmit = handleSubmit((values) => {
    if (!autoBlock) send({ type: 'QUESTIONS_NEXT', values });
  });
  const autoAdoption = context.adoption?.adoptionType === ADOPTION_TYPE.AUTO;

  return (
    <WizardForm formId={formId} onSubmit={onSubmit}>
      {material && <MaterialSummary material={material} label={editing ? 'Editing' : 'Adopting'} />}
      <Box sx={twoColumns('md')}>
        <YesNoField
          control={control}
          name="required"
          label="Is this material required?"
          hint={M.optionalNotCounted}
        />
        <YesNoField
          control={control}
          name="bindInComponentRequired"
          label="Is a bind-in component required?"
        />
        {permissions.mayChoosePrintOnly && (
          <YesNoField control={control} name="printOnlyRequired" label="Print only?" />
        )}
        <YesNoField control={control} name="flexibleOnEdition" label="Flexible on edition?" />
        <YesNoField control={control} name="ia" label="Inclusive access?" />
        {ia && (
          <TextField
            label="Inclusive access publisher"
            required
            error={Boolean(errors.iapublisher)}
            helperText={errors.iapublisher?.message}
            {...register('iapublisher')}
          />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5, maxWidth: { sm: 420 } }}>
        <MaterialKindField control={control} name="materialKind" helperText={M.kindHint} />
        {/* The title's licence and address, while the kind chosen is the title's own. */}
        {kind === own.kind && (
          <MaterialAccess kind={own.kind} licence={own.licence} accessUrl={own.accessUrl} />
        )}
      </Box>
      <TextField
        label="Estimated section enrollment"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.estimatedSectionEnrollment)}
        helperText={errors.estimatedSectionEnrollment?.message ?? 'Students per section; optional.'}
        sx={{ maxWidth: { sm: 320 } }}
        {...register('estimatedSectionEnrollment')}
      />
      <TextField
        label="Note for the store"
        multiline
        minRows={2}
        error={Boolean(errors.externalAdoptionNote)}
        helperText={errors.externalAdoptionNote?.message}
        {...register('externalAdoptionNote')}
      />
      <DateRangeFields control={control} minStartDate={rules.minStartDate} />
      {editing
        ? autoAdoption && <Alert severity="info">{M.everySection}</Alert>
        : permissions.mayAutoAdopt && (
            <YesNoField
              control={control}
              name="autoAdopt"
              label="Adopt for every section of this course (auto adoption)?"
              error={autoBlock}
            />
          )}
    </WizardForm>
  );
}
