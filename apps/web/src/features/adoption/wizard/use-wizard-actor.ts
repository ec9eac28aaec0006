import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import type { CourseRef } from '../course-detail/course-ref.ts';
import { useProvidedWizardMachine } from './wizard-calls.ts';
import type { WizardMode } from './wizard-flows.ts';
import {
  clearWizardSnapshot,
  loadWizardSnapshot,
  saveWizardSnapshot,
  wizardStorageKey,
} from './wizard-persistence.ts';

interface WizardActorOptions {
  course: CourseRef;
  mode: WizardMode;
  adoption: AdoptionMaterialDTO | null;
}

/**
 * The running wizard: resumed from sessionStorage when this tab had it open (a reload), and
 * kept there after every step until it completes or is cancelled.
 */
export function useWizardActor({ course, mode, adoption }: WizardActorOptions) {
  const { userAccountId } = useCallerParams();
  const key = wizardStorageKey({
    accountId: userAccountId,
    course,
    mode,
    adoptionId: adoption?.adoptionMaterialId ?? 0,
  });
  const machine = useProvidedWizardMachine(course);
  const [restored] = useState(() => loadWizardSnapshot(key, mode));
  const actorRef = useActorRef(machine, {
    input: { mode, adoption },
    snapshot: restored,
  });
  useEffect(() => {
    const subscription = actorRef.subscribe((snapshot) => {
      if (snapshot.status === 'active') saveWizardSnapshot(key, actorRef.getPersistedSnapshot());
      else clearWizardSnapshot(key);
    });
    return () => subscription.unsubscribe();
  }, [actorRef, key]);
  return actorRef;
}
