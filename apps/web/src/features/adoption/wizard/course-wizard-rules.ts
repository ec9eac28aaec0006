import {
  sectionBlockedReason,
  type ActionName,
  type AdoptionSection,
  type SelectionFlow,
} from '@csp/contracts';
import { toApiDate } from '../../../lib/dates.ts';
import { HAS_THIS_TITLE, type MaterialCoverage } from './material-coverage.ts';
import type { WizardContext } from './wizard-context.ts';

const ALREADY_FOR_EVERY_SECTION = 'This title is already adopted for every section';

/** What the caller may answer on this course (getCourseUserActions). */
export interface WizardPermissions {
  /** Auto (course) adoption: the course materials team or a course-wide submitter. */
  mayAutoAdopt: boolean;
  /** Print only: the course materials team, or anyone when the store allows it (docs/behaviour/validation.md). */
  mayChoosePrintOnly: boolean;
}

export function wizardPermissions(answer: {
  courseActions: readonly ActionName[];
  allowSubmittersToSelectPrintOnly: boolean;
}): WizardPermissions {
  const team = answer.courseActions.includes('ADOPT_CMA_TEAM');
  return {
    mayAutoAdopt: team || answer.courseActions.includes('ADOPT_COURSE'),
    mayChoosePrintOnly: team || answer.allowSubmittersToSelectPrintOnly,
  };
}

/** Today in the user's calendar, as the API writes days (docs/behaviour/constants.md). */
export function todayDay(): string {
  return toApiDate(new Date());
}

/** Which section rules apply: a no-text-required record, or a material (docs/behaviour/validation.md). */
export function selectionFlow(context: Pick<WizardContext, 'flow'>): SelectionFlow {
  return context.flow === 'noMaterials' || context.flow === 'editNoMaterial'
    ? 'noMaterials'
    : 'material';
}

/**
 * Why a section cannot be chosen, or null. A section the edited adoption already covers stays
 * choosable, so an edit can keep it (or take the adoption off it) whatever its dates.
 */
export function sectionChoiceBlocked(
  section: AdoptionSection,
  options: {
    today: string;
    showAll: boolean;
    flow: SelectionFlow;
    covered: readonly number[];
    /** Where another adoption already carries the material (none for "no text required"). */
    coverage: MaterialCoverage;
  },
): string | null {
  if (options.covered.includes(section.sectionId)) return null;
  const reason = sectionBlockedReason(section, options);
  if (reason) return reason;
  if (options.coverage.onAutoAdoption) return ALREADY_FOR_EVERY_SECTION;
  return options.coverage.sectionIds.has(section.sectionId) ? HAS_THIS_TITLE : null;
}
