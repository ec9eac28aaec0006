import { useAdoptionMaterials, useCourseSections } from '../course-detail/course-detail-queries.ts';
import type { CourseRef } from '../course-detail/course-ref.ts';
import { selectionFlow } from './course-wizard-rules.ts';
import {
  autoAdoptionBlock,
  materialCoverage,
  wizardMaterial,
  type MaterialCoverage,
} from './material-coverage.ts';
import type { WizardContext } from './wizard-context.ts';
import type { WizardPageProps } from './wizard-page-props.ts';

/**
 * Where the course already carries the wizard's material, from the course's adoptions (the
 * course detail under the wizard has them loaded). While they load, nothing is marked: the
 * server still refuses a duplicate.
 */
export function useMaterialCoverage(context: WizardContext, course: CourseRef): MaterialCoverage {
  const adoptions = useAdoptionMaterials(course);
  const exceptId = context.mode === 'edit' ? (context.adoption?.adoptionMaterialId ?? null) : null;
  return materialCoverage(adoptions.data?.adoptionMaterials, wizardMaterial(context), exceptId);
}

/**
 * Why "every section" cannot be answered Yes for this material (asked only while it is), or null.
 * The sections are the course detail's; until they load nothing is said, and the server decides.
 */
export function useAutoAdoptionBlock(
  props: Pick<WizardPageProps, 'context' | 'course'>,
  asked: boolean,
): string | null {
  const sections = useCourseSections(props.course);
  const coverage = useMaterialCoverage(props.context, props.course);
  const list = sections.data?.potentialAdoptionSections;
  if (!asked || !list) return null;
  return autoAdoptionBlock(list, coverage, selectionFlow(props.context));
}
