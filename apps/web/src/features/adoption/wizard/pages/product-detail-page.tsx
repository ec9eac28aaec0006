import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { LATEST_EDITION, getProposedTitleTypes } from '@csp/contracts';
import { FormCheckbox } from '../../../../components/form-checkbox.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../../lib/contract-query.ts';
import type { ProposalData } from '../wizard-context.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import {
  proposalFormSchema,
  type ProposalFormValues,
  type ProposalValues,
} from '../wizard-schemas.ts';
import { YesNoField } from '../yes-no-field.tsx';
import { WizardForm } from '../wizard-form.tsx';
import { twoColumns } from '../../../../components/two-columns.ts';

function formValues(proposal: ProposalData | null): ProposalFormValues {
  const v = proposal?.values;
  return {
    description: v?.description ?? '',
    author: v?.author ?? '',
    publisher: v?.publisher ?? '',
    latestEdition: !v || v.edition === LATEST_EDITION,
    edition: v && v.edition !== LATEST_EDITION ? v.edition : '',
    productCode: v?.productCode ?? '',
    productLink: v?.productLink ?? '',
    digitalProduct: v?.digitalProduct ?? false,
    contactInformation: v?.contactInformation ?? '',
    notes: v?.notes ?? '',
    proposedProductTypeId: v ? String(v.proposedProductTypeId) : '',
  };
}

/**
 * productDetail: a custom title, for a material neither catalog has (docs/behaviour/entities.md#proposed-title).
 * Next saves it (createProposedTitle); a failure keeps everything typed.
 */
export function ProductDetailPage({ context, send, formId }: WizardPageProps) {
  const types = useContractQuery(
    getProposedTitleTypes,
    { params: useCallerParams() },
    { retry: retryUnlessRefused, staleTime: Infinity },
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProposalFormValues, unknown, ProposalValues>({
    resolver: zodResolver(proposalFormSchema),
    defaultValues: formValues(context.proposal),
  });
  const latest = useWatch({ control, name: 'latestEdition' });
  const onSubmit = handleSubmit((values) => send({ type: 'PROPOSAL_NEXT', values }));
  const text = (name: Exclude<keyof ProposalFormValues, 'latestEdition' | 'digitalProduct'>) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    fullWidth: true,
  });

  return (
    <WizardForm formId={formId} onSubmit={onSubmit} spacing={2}>
      <TextField label="Title" required {...text('description')} />
      <Box sx={twoColumns('sm')}>
        <TextField label="Author" {...text('author')} />
        <TextField label="Publisher" {...text('publisher')} />
        {types.isError ? (
          <Alert severity="error">{errorMessage(types.error)}</Alert>
        ) : (
          <TextField
            select
            label="Kind of material"
            required
            disabled={types.isPending}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...text('proposedProductTypeId')}
            helperText={
              errors.proposedProductTypeId?.message ?? (types.isPending ? 'Loading…' : undefined)
            }
          >
            <option value="">Choose…</option>
            {types.data?.proposedProductTypeDTOList.map((type) => (
              <option key={type.proposedProductTypeId} value={type.proposedProductTypeId}>
                {type.name}
              </option>
            ))}
          </TextField>
        )}
        <TextField label="Product code" {...text('productCode')} />
      </Box>
      <YesNoField control={control} name="latestEdition" label="Latest edition?" />
      {!latest && <TextField label="Edition" required {...text('edition')} />}
      <TextField label="Product link" type="url" placeholder="https://" {...text('productLink')} />
      <FormCheckbox control={control} name="digitalProduct" label="Digital product" />
      <TextField label="Contact information (publisher or rep)" {...text('contactInformation')} />
      <TextField label="Notes" multiline minRows={2} {...text('notes')} />
    </WizardForm>
  );
}
