import { createActor, type Snapshot } from 'xstate';
import type { CourseRef } from '../course-detail/course-ref.ts';
import { WIZARD_VERSION } from './wizard-context.ts';
import type { WizardMode } from './wizard-flows.ts';
import { wizardMachine } from './wizard-machine.ts';

/*
 * The wizard survives a reload: its snapshot is kept in sessionStorage (this tab only, gone
 * with it) under the account, course, mode and adoption it is for, and removed when the
 * wizard completes or is cancelled.
 */

const PREFIX = 'adopt.wizard';

export interface WizardKey {
  accountId: number;
  course: CourseRef;
  mode: WizardMode;
  /** The adoption edited or linked; 0 for a new adoption. */
  adoptionId: number;
}

export function wizardStorageKey({ accountId, course, mode, adoptionId }: WizardKey): string {
  const { divisionId, departmentCode, courseCode } = course;
  return `${PREFIX}:${accountId}:${divisionId}/${departmentCode}/${courseCode}:${mode}:${adoptionId}`;
}

/**
 * The kept snapshot, or undefined when there is none or it cannot be used (another version of
 * the wizard, another mode, a finished wizard, text that is not a snapshot).
 */
export function loadWizardSnapshot(key: string, mode: WizardMode): Snapshot<unknown> | undefined {
  try {
    const text = sessionStorage.getItem(key);
    if (!text) return undefined;
    const snapshot = JSON.parse(text) as {
      status?: string;
      context?: { version?: number; mode?: string };
    };
    const usable =
      snapshot.status === 'active' &&
      snapshot.context?.version === WIZARD_VERSION &&
      snapshot.context.mode === mode;
    if (!usable) throw new Error('Not a snapshot of this wizard');
    // Restoring resolves its state value against the machine: an unknown state throws here.
    createActor(wizardMachine, { snapshot: snapshot as never, input: { mode } });
    return snapshot as Snapshot<unknown>;
  } catch {
    clearWizardSnapshot(key);
    return undefined;
  }
}

export function saveWizardSnapshot(key: string, snapshot: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(snapshot));
  } catch {
    // Storage full or unavailable (private modes): the wizard works, it just won't survive a reload.
  }
}

export function clearWizardSnapshot(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
