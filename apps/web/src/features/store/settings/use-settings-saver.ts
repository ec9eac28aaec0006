import { useRef, useState } from 'react';
import type { StoreSettings, StoreSettingsAnswer } from '@csp/contracts';
import { useUpdateStoreSettings } from './store-settings-queries.ts';

/** The settings the forms were filled from, and the version every save names. */
export interface SettingsBaseline {
  settings: StoreSettings;
  version: string;
}

/** What the three settings sections share: one object, one version, one save at a time. */
export interface SettingsSaver {
  baseline: SettingsBaseline;
  /** A section is saving: the others wait, or they would name a version about to go stale. */
  saving: boolean;
  /** Saves the settings as read with one section's part changed; the answer becomes the baseline. */
  save: (part: Partial<StoreSettings>) => Promise<StoreSettingsAnswer>;
  /** Reads the settings again after a 409; resolves false when that failed. */
  reload: () => Promise<boolean>;
}

const baselineOf = (answer: StoreSettingsAnswer): SettingsBaseline => ({
  settings: answer.settings,
  version: answer.version,
});

/**
 * The baseline is the answer as first read, then as each settings save or Reload answers it,
 * never a refetch made for another reason (a website's save answers the settings too): a
 * version taken in unseen would let a save overwrite someone else's change without a 409.
 */
export function useSettingsSaver(
  first: StoreSettingsAnswer,
  refetch: () => Promise<{ data?: StoreSettingsAnswer; isError: boolean }>,
): SettingsSaver {
  const [baseline, setBaseline] = useState(() => baselineOf(first));
  const [saving, setSaving] = useState(false);
  const current = useRef(baseline);
  const update = useUpdateStoreSettings();

  const adopt = (answer: StoreSettingsAnswer) => {
    current.current = baselineOf(answer);
    setBaseline(current.current);
  };

  const save = async (part: Partial<StoreSettings>) => {
    setSaving(true);
    try {
      const { settings, version } = current.current;
      const answer = await update({ ...settings, ...part }, version);
      adopt(answer);
      return answer;
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    // A failed refetch keeps the answer read before: that one is stale, so it is not taken.
    const { data, isError } = await refetch();
    if (isError || !data) return false;
    adopt(data);
    return true;
  };

  return { baseline, saving, save, reload };
}
