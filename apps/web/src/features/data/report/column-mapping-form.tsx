import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportColumnMapping, ImportSummary, NameOrder } from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useMapImportColumns } from '../api/data-queries.ts';
import { MappingRow, NameOrderSelect, SaveMappingFields } from './column-mapping-fields.tsx';
import {
  MAPPING_TEXT as M,
  checkMapping,
  defaultSaveName,
  hasErrors,
  initialDrafts,
  mappingBody,
  mergeErrors,
  serverErrors,
  type Drafts,
  type FieldDraft,
  type MappingErrors,
} from './column-mapping-rules.ts';

interface ColumnMappingFormProps {
  summary: ImportSummary;
  mapping: ImportColumnMapping;
  phone: boolean;
  /** The server took the mapping: the report now shows the file being checked. */
  onSent: () => void;
  id?: string;
}

const NO_ERRORS: MappingErrors = { rows: {} };

/** The form's own problem on one input, gone once that input changes. */
function withoutError(errors: MappingErrors, input: string): MappingErrors {
  if (input === 'nameOrder' || input === 'saveAs') return { ...errors, [input]: undefined };
  const rows = { ...errors.rows };
  delete rows[input.slice('columns.'.length)];
  return { ...errors, rows };
}

/**
 * Moves the focus to the first field with a problem after a failed check or a refusal, so a
 * keyboard or screen reader user lands on it; not when a problem goes away while typing.
 */
function useFocusFirstProblem(
  form: RefObject<HTMLFormElement | null>,
  failedChecks: number,
  refusal: Error | null,
) {
  useEffect(() => {
    if (failedChecks > 0) focusFirstInvalid(form.current);
  }, [form, failedChecks]);
  useEffect(() => {
    if (refusal) focusFirstInvalid(form.current);
  }, [form, refusal]);
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * Where the file has each of the format's columns: one select per column, the same value for
 * every row where the file has none (a term, a division), how names are written, and whether
 * to keep the mapping for the next files with the same headers. Sent once; the server checks
 * the file again with it.
 */
export function ColumnMappingForm({ summary, mapping, phone, onSent, id }: ColumnMappingFormProps) {
  const [drafts, setDrafts] = useState(() => initialDrafts(mapping));
  const [nameOrder, setNameOrder] = useState<NameOrder>(mapping.nameOrder);
  const [save, setSave] = useState(false);
  const [saveName, setSaveName] = useState(() => defaultSaveName(summary));
  const [checked, setChecked] = useState<MappingErrors>(NO_ERRORS);
  const [failedChecks, setFailedChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The ref stops a second click in the same instant; the disabled button shows it.
  const sending = useRef(false);
  const params = useCallerParams();
  const map = useMapImportColumns();
  const people = mapping.fields.some((field) => field.people);
  useFocusFirstProblem(formRef, failedChecks, map.error);

  const server = serverErrors(map.error, drafts, { nameOrder: people, saveAs: save });
  const errors = mergeErrors(checked, server);
  const refusedInput = map.error instanceof ApiRequestError ? map.error.field : undefined;
  const changed = (input: string) => {
    setChecked((e) => withoutError(e, input));
    if (refusedInput === input) map.reset();
  };
  const setDraft = (key: string, draft: FieldDraft) => {
    setDrafts((d) => ({ ...d, [key]: draft }));
    changed(`columns.${key}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const saveAs = save ? saveName : null;
    const found = checkMapping(mapping.fields, drafts, saveAs);
    setChecked(found);
    if (hasErrors(found)) {
      setFailedChecks((n) => n + 1);
      return;
    }
    sending.current = true;
    map
      .mutateAsync({
        params: { ...params, importId: summary.importId },
        body: mappingBody(mapping.fields, drafts, nameOrder, saveAs),
      })
      .then(onSent, () => {
        sending.current = false;
      });
  };

  return (
    <Box component="form" id={id} ref={formRef} noValidate onSubmit={submit} sx={{ minWidth: 0 }}>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <MappingFieldset
          formatName={summary.formatName}
          mapping={mapping}
          drafts={drafts}
          errors={errors}
          onChange={setDraft}
          disabled={map.isPending}
          phone={phone}
        />
        {people && (
          <Box sx={{ maxWidth: phone ? undefined : 360 }}>
            <NameOrderSelect
              value={nameOrder}
              onChange={(value) => {
                setNameOrder(value);
                changed('nameOrder');
              }}
              error={errors.nameOrder}
              disabled={map.isPending}
            />
          </Box>
        )}
        <SaveMappingFields
          save={save}
          onSaveChange={(value) => {
            setSave(value);
            changed('saveAs');
          }}
          name={saveName}
          onNameChange={(value) => {
            setSaveName(value);
            changed('saveAs');
          }}
          error={errors.saveAs}
          disabled={map.isPending}
        />
        {map.error && !server && (
          <Alert severity="error">
            {M.failed}: {errorMessage(map.error)}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={map.isPending}>
            {M.submit}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

/** Every field of the format, in its order: a list in a fieldset the format names. */
function MappingFieldset(props: {
  formatName: string;
  mapping: ImportColumnMapping;
  drafts: Drafts;
  errors: MappingErrors;
  onChange: (key: string, draft: FieldDraft) => void;
  disabled: boolean;
  phone: boolean;
}) {
  const { mapping, drafts, errors, phone } = props;
  return (
    // A fieldset is as wide as its widest select unless told otherwise: min-width 0.
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600, p: 0, mb: 1.5 }}>
        Where this file has each column of {props.formatName}
      </Typography>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        }}
      >
        {mapping.fields.map((field) => (
          <MappingRow
            key={field.key}
            field={field}
            columns={mapping.fileColumns}
            draft={drafts[field.key] ?? { select: '', value: '' }}
            error={errors.rows[field.key]}
            onChange={(draft) => props.onChange(field.key, draft)}
            disabled={props.disabled}
            phone={phone}
          />
        ))}
      </Box>
    </Box>
  );
}
