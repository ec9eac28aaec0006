import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FundingSource } from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { newClientKey } from '../../../lib/client-key.ts';
import { useCreateSource, useUpdateSource } from '../api/funding-mutations.ts';
import { usePhone } from '../../../components/use-phone.ts';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { SourceFormFields } from './source-form-fields.tsx';
import {
  formFieldOf,
  sourceFormDefaults,
  sourceFormResolver,
  type SourceFormOutput,
  type SourceFormValues,
} from './source-form-schema.ts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';

interface SourceFormDialogProps {
  /** The source to edit; a new source when absent. */
  source?: FundingSource;
  onClose: () => void;
  onSaved: (source: FundingSource) => void;
  /** Reads the source again after a 409 (someone else changed it). */
  onReload?: () => Promise<FundingSource | undefined>;
}

/**
 * A source's form, for a new source or an edit. A new source carries a client key made once
 * per opening, so a double click or a retry after a lost answer creates one source; an edit
 * carries the version read, so an edit made meanwhile by someone else is a 409, never lost.
 * The server's refusal lands on the field it names.
 */
export function SourceFormDialog({ source, onClose, onSaved, onReload }: SourceFormDialogProps) {
  const titleId = useId();
  const phone = usePhone();
  const params = useCallerParams();
  const [clientKey] = useState(newClientKey);
  const [version, setVersion] = useState(source?.version ?? 0);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const sending = useRef(false);
  const create = useCreateSource();
  const update = useUpdateSource();
  const form = useForm<SourceFormValues, unknown, SourceFormOutput>({
    resolver: sourceFormResolver,
    defaultValues: sourceFormDefaults(source),
  });

  const save = async (input: SourceFormOutput) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    try {
      const saved = source
        ? await update.mutateAsync({
            params: { ...params, sourceId: source.sourceId },
            body: { source: input, version },
          })
        : await create.mutateAsync({ params, body: { source: input, clientKey } });
      onSaved(saved);
    } catch (error) {
      const field = error instanceof ApiRequestError ? formFieldOf(error.field) : null;
      if (field) {
        form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      } else {
        const stale = error instanceof ApiRequestError && error.status === 409;
        setProblem({ message: errorMessage(error), stale });
      }
    } finally {
      sending.current = false;
    }
  };

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    // The source as it is now under what was typed: the fields typed into keep the typing, the
    // rest take the fresh values, and the next save carries the fresh version.
    form.reset(sourceFormDefaults(fresh), { keepDirtyValues: true });
    setVersion(fresh.version);
    setProblem(null);
  };

  const busy = form.formState.isSubmitting || create.isPending || update.isPending;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>
        {source ? `Edit ${source.name}` : 'New funding source'}
      </DialogTitle>
      <DialogContent dividers>
        <form
          id={`${titleId}-form`}
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => void form.handleSubmit(save)(event)}
        >
          <SourceFormFields form={form} source={source} />
        </form>
        {problem && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              problem.stale && onReload ? (
                <Button color="inherit" size="small" onClick={() => void reload()}>
                  {T.changedMeanwhileReload}
                </Button>
              ) : undefined
            }
          >
            {problem.message}
          </Alert>
        )}
      </DialogContent>
      <FormDialogActions
        formId={`${titleId}-form`}
        submitLabel={source ? 'Save changes' : 'Create source'}
        busy={busy}
        onClose={onClose}
      />
    </Dialog>
  );
}
