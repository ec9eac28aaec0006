import type { ScanFeedback } from './scan-field.tsx';

/** What the last scan (or preselection) did: the row it lit up and what it said. */
export interface Cue {
  highlighted: number | null;
  feedback: ScanFeedback | null;
}

export const NO_CUE: Cue = { highlighted: null, feedback: null };

export type CueChange =
  | { highlighted: number | null; say?: Omit<ScanFeedback, 'key'> }
  /** An action started: the last scan's message no longer applies. */
  | { clear: true };

/** Each message gets a new key, so the same words twice in a row are announced twice. */
export function cueReducer(cue: Cue, change: CueChange): Cue {
  if ('clear' in change) return { highlighted: null, feedback: null };
  if (!change.say) return { ...cue, highlighted: change.highlighted };
  return {
    highlighted: change.highlighted,
    feedback: { ...change.say, key: (cue.feedback?.key ?? 0) + 1 },
  };
}

export function scrollToRow(transItemId: number) {
  const row = document.querySelector(`[data-trans-item-id="${transItemId}"]`);
  // A jump rather than a glide for someone who asks their system for reduced motion.
  const behavior = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
  if (row && 'scrollIntoView' in row) row.scrollIntoView({ block: 'nearest', behavior });
}
