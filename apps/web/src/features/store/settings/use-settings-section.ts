import { useMemo, useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { StoreSettings } from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { STORE_TEXT as T } from './store-text.ts';
import { formFieldOf, isStaleVersion, messageForField } from './server-field.ts';
import type { SettingsSaver } from './use-settings-saver.ts';

/** What a section says under its buttons after a save or a reload. */
export type SectionFeedback =
  { kind: 'saved' } | { kind: 'reloaded' } | { kind: 'error'; message: string; stale: boolean };

/**
 * The forms follow new values from the server keeping what the user typed (useForm's
 * `resetOptions`, which every reset also takes); a save's answer and Discard replace it all.
 */
export const KEEP_TYPING = { keepDirtyValues: true } as const;
export const REPLACE_TYPING = { keepDirtyValues: false } as const;

interface SectionOptions<V extends FieldValues, O> {
  saver: SettingsSaver;
  /** The section's fields filled from settings; a module-level function, so it is stable. */
  valuesOf: (settings: StoreSettings) => V;
  resolver: Resolver<V, unknown, O>;
  /** The section's part of the settings object, from the checked form. */
  partOf: (output: O) => Partial<StoreSettings>;
  /** The form field of a server error's path below "settings.", or null when not this form's. */
  fieldOf: (path: string) => Path<V> | null;
}

/**
 * One section of the settings as a form of its own, saved through the one settings call. When
 * the baseline changes (another section saved, or Reload) the fields the user has typed into
 * keep their typing and the rest take the new values; a save of this section fills every field
 * from the answer. A server refusal lands on the field it names, or under the buttons.
 */
export function useSettingsSection<V extends FieldValues, O>(options: SectionOptions<V, O>) {
  const { saver, valuesOf, resolver, partOf, fieldOf } = options;
  const values = useMemo(() => valuesOf(saver.baseline.settings), [saver.baseline, valuesOf]);
  const form = useForm<V, unknown, O>({
    resolver,
    values,
    resetOptions: KEEP_TYPING,
  });
  const [feedback, setFeedback] = useState<SectionFeedback | null>(null);

  const submit = form.handleSubmit(async (output) => {
    setFeedback(null);
    try {
      const answer = await saver.save(partOf(output));
      form.reset(valuesOf(answer.settings), REPLACE_TYPING);
      setFeedback({ kind: 'saved' });
    } catch (error) {
      const field = formFieldOf(error, 'settings.', fieldOf);
      if (field && error instanceof ApiRequestError) {
        form.setError(field, { message: messageForField(error) }, { shouldFocus: true });
        return;
      }
      const message =
        error instanceof ApiRequestError ? messageForField(error) : errorMessage(error);
      setFeedback({ kind: 'error', message, stale: isStaleVersion(error) });
    }
  });

  const reload = async () => {
    const reloaded = await saver.reload();
    setFeedback(
      reloaded ? { kind: 'reloaded' } : { kind: 'error', message: T.reloadFailed, stale: true },
    );
  };

  const discard = () => {
    form.reset(undefined, REPLACE_TYPING);
    setFeedback(null);
  };

  return { form, submit, feedback, reload, discard };
}
