import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IA_MESSAGES, IA_MODELS, IA_MODEL_LABELS, type IaProgramEditor } from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIaProgram, useSaveIaProgram } from '../api/program-queries.ts';
import { programBody, programSchema, programValues, type ProgramValues } from './program-form.ts';
import { PROGRAM_TEXT as T } from './program-text.ts';

/**
 * A section's program: its adopted inclusive-access materials, each ticked in with a price per
 * student in dollars, and the model. Unticking them all takes the section out.
 */
export function ProgramEditorDialog({
  sectionId,
  onClose,
}: {
  sectionId: number;
  onClose: () => void;
}) {
  const query = useIaProgram(sectionId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {query.data ? `${T.editProgram}: ${query.data.label}` : T.editProgram}
      </DialogTitle>
      {query.data ? (
        <ProgramForm editor={query.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {query.isError ? (
            <PanelError
              what="the program"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <PanelLoading what="the program" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProgramForm({ editor, onClose }: { editor: IaProgramEditor; onClose: () => void }) {
  const formId = useId();
  const { save, saving } = useSaveIaProgram(editor.sectionId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProgramValues>({
    resolver: zodResolver(programSchema),
    defaultValues: programValues(editor),
  });
  const { errors } = form.formState;
  const modelFixed = editor.inProgram && editor.term.deadlinePassed;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(programBody(values));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          onSubmit={(event) => void submit(event)}
        >
          {editor.materials.length === 0 && <Alert severity="info">{T.noMaterials}</Alert>}
          {editor.materials.map((material, index) => (
            <Stack
              key={material.adoptionMaterialId}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <Controller
                control={form.control}
                name={`materials.${index}.included`}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ flex: 1, minWidth: 0 }}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label={
                      <span>
                        {material.titleName}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {material.isbn ? ` · ${material.isbn}` : ''}
                          {material.required ? '' : ' · optional'}
                        </Typography>
                      </span>
                    }
                  />
                )}
              />
              <TextField
                label={T.priceLabel}
                size="small"
                error={Boolean(errors.materials?.[index]?.price)}
                helperText={errors.materials?.[index]?.price?.message}
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    'aria-label': `${T.priceLabel} for ${material.titleName}`,
                  },
                  input: { startAdornment: <span aria-hidden>$&nbsp;</span> },
                }}
                sx={{ width: { xs: '100%', sm: 170 } }}
                {...form.register(`materials.${index}.price`)}
              />
            </Stack>
          ))}
          <Controller
            control={form.control}
            name="model"
            render={({ field }) => (
              <FormControl disabled={modelFixed}>
                <FormLabel id={`${formId}-model`}>{T.modelLabel}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${formId}-model`}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {IA_MODELS.map((model) => (
                    <FormControlLabel
                      key={model}
                      value={model}
                      control={<Radio />}
                      label={IA_MODEL_LABELS[model]}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {modelFixed && <Typography variant="body2">{IA_MESSAGES.deadlinePassed}</Typography>}
          {editor.inProgram && (
            <Typography variant="body2" color="text.secondary">
              {T.removeHint}
            </Typography>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <FormDialogActions formId={formId} submitLabel={T.save} busy={saving} onClose={onClose} />
    </>
  );
}
