import { useState } from 'react';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { materialOf } from './adoption-format.ts';
import { useRemoveCourseAdoption, useRemoveFromSection } from './course-detail-mutations.ts';
import { RemoveCourseAdoptionDialog } from './remove-course-adoption-dialog.tsx';
import { RemoveFromSectionDialog } from './remove-from-section-dialog.tsx';

/** Which removal is being asked about; the dialogs below ask and then carry it out. */
export function useRemovals() {
  const [section, setSection] = useState<AdoptionMaterialDTO | null>(null);
  const [course, setCourse] = useState<AdoptionMaterialDTO | null>(null);
  return {
    section,
    course,
    askSection: (adoption: AdoptionMaterialDTO) => setSection(adoption),
    askCourse: (adoption: AdoptionMaterialDTO) => setCourse(adoption),
    done: () => {
      setSection(null);
      setCourse(null);
    },
  };
}

export function RemovalDialogs({
  removals,
  sections,
}: {
  removals: ReturnType<typeof useRemovals>;
  sections: ReadonlyMap<number, AdoptionSection>;
}) {
  const notify = useNotify();
  const fromSection = useRemoveFromSection();
  const courseAdoption = useRemoveCourseAdoption();

  const removeFromSection = async (section: AdoptionSection) => {
    const adoption = removals.section;
    if (!adoption) return;
    const title = materialOf(adoption).description;
    try {
      await fromSection.remove(adoption.adoptionMaterialId, section.sectionId);
      notify({
        type: 'success',
        message: `Removed “${title}” from section ${section.sectionCode} (${section.termName}).`,
      });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error), timeout: true });
    } finally {
      removals.done();
    }
  };

  const endCourseAdoption = async (adoption: AdoptionMaterialDTO) => {
    try {
      await courseAdoption.remove(adoption.adoptionMaterialId);
      notify({
        type: 'success',
        message: `Removed the course adoption of “${materialOf(adoption).description}”.`,
      });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error), timeout: true });
    } finally {
      removals.done();
    }
  };

  return (
    <>
      <RemoveFromSectionDialog
        adoption={removals.section}
        adoptable={sections}
        busy={fromSection.isPending}
        onConfirm={(section) => void removeFromSection(section)}
        onCancel={removals.done}
      />
      <RemoveCourseAdoptionDialog
        adoption={removals.course}
        busy={courseAdoption.isPending}
        onConfirm={(adoption) => void endCourseAdoption(adoption)}
        onCancel={removals.done}
      />
    </>
  );
}
