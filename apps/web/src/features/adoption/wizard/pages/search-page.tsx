import { useEffect } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { searchMaterials } from '@csp/contracts';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../../lib/contract-query.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import { searchFormSchema, type SearchCriteria, type SearchFormValues } from '../wizard-schemas.ts';
import { SearchResults } from './search-results.tsx';
import { twoColumns } from '../../../../components/two-columns.ts';

const FIELDS = [
  'searchString',
  'edition',
  'publisher',
  'publishStartDate',
  'publishEndDate',
] as const;
type SearchField = (typeof FIELDS)[number];

function formValues(criteria: SearchCriteria | null): SearchFormValues {
  return {
    searchString: criteria?.searchString ?? '',
    edition: criteria?.edition ?? '',
    publisher: criteria?.publisher ?? '',
    publishStartDate: criteria?.publishStartDate ?? '',
    publishEndDate: criteria?.publishEndDate ?? '',
  };
}

/** The field the server refused (a mistyped ISBN: 400 naming searchString), if it is one of ours. */
function refusedField(error: unknown): SearchField | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  return (FIELDS as readonly string[]).includes(error.field ?? '')
    ? (error.field as SearchField)
    : null;
}

/**
 * search: find the material (or, in link_new mode, the catalog title) by ISBN, title or author,
 * with filters. Choosing a result moves on; in create mode a custom title can be proposed.
 */
export function SearchPage({ context, send, busy }: WizardPageProps) {
  const criteria = context.searchCriteria;
  const results = useContractQuery(
    searchMaterials,
    { params: useCallerParams(), query: criteria ?? { searchString: '' } },
    { enabled: criteria !== null, retry: retryUnlessRefused },
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SearchFormValues, unknown, SearchCriteria>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: formValues(criteria),
  });

  const refused = useRefusalOnField(results.error, setError);

  const onSubmit = handleSubmit((values) => {
    // The same search again (after a failure) asks again rather than showing the cached answer.
    if (JSON.stringify(values) === JSON.stringify(criteria)) void results.refetch();
    else send({ type: 'SEARCH', criteria: values });
  });
  const helper = (field: SearchField) => errors[field]?.message;

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        role="search"
        aria-label="Materials"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="ISBN, title or author"
              type="search"
              fullWidth
              size="small"
              autoComplete="off"
              error={Boolean(errors.searchString)}
              helperText={helper('searchString') ?? 'Hyphens in an ISBN are fine.'}
              {...register('searchString')}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              sx={{ flexShrink: 0, minHeight: 40 }}
            >
              Search
            </Button>
          </Stack>
          <Box sx={twoColumns('sm', 1.5)}>
            <TextField
              label="Edition"
              size="small"
              error={Boolean(errors.edition)}
              helperText={helper('edition')}
              {...register('edition')}
            />
            <TextField
              label="Publisher"
              size="small"
              error={Boolean(errors.publisher)}
              helperText={helper('publisher')}
              {...register('publisher')}
            />
            <TextField
              label="Published from"
              type="date"
              size="small"
              error={Boolean(errors.publishStartDate)}
              helperText={helper('publishStartDate')}
              slotProps={{ inputLabel: { shrink: true } }}
              {...register('publishStartDate')}
            />
            <TextField
              label="Published until"
              type="date"
              size="small"
              error={Boolean(errors.publishEndDate)}
              helperText={helper('publishEndDate')}
              slotProps={{ inputLabel: { shrink: true } }}
              {...register('publishEndDate')}
            />
          </Box>
        </Stack>
      </Box>

      <SearchResults
        criteria={criteria}
        query={results}
        fieldRefused={refused !== null}
        onPick={(material) => send({ type: 'PICK_MATERIAL', material })}
        onPage={(page) => criteria && send({ type: 'SEARCH', criteria: { ...criteria, page } })}
      />

      {context.mode === 'create' && (
        <Box>
          <Button variant="text" onClick={() => send({ type: 'PROPOSE_CUSTOM' })} disabled={busy}>
            I can&apos;t find it: propose a custom title
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The server checks the ISBN too (docs/behaviour/validation.md): its refusal is said by the
 * field it is about.
 */
function useRefusalOnField(error: Error | null, setError: UseFormSetError<SearchFormValues>) {
  const refused = refusedField(error);
  useEffect(() => {
    if (refused && error) setError(refused, { type: 'server', message: error.message });
  }, [refused, error, setError]);
  return refused;
}
