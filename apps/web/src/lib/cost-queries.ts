import {
  getCostDesignationShares,
  getCostGaps,
  getCostReport,
  getCourseCostGaps,
  getCourseList,
  getSectionCost,
  getSectionsByDivisionAndCourse,
  getTextbookDepartment,
  sectionList,
  type Endpoint,
} from '@csp/contracts';
import { useInvalidateEndpoints } from './contract-query.ts';

/**
 * Every query whose answer shows a section's textbook cost or designation (issue 31,
 * docs/behaviour/flows.md#cost-transparency), or counts them: a section's cost panel, section
 * research's list, the catalog's marks, course detail's sections and cost gaps, the cost gaps
 * and cost reports, the dashboard's shares and the public textbook list. Listed once, so a
 * change to what something costs reloads them all and a new screen showing costs is added here.
 */
export const COST_ENDPOINTS: readonly Pick<Endpoint, 'method' | 'path'>[] = [
  getSectionCost,
  sectionList,
  getCourseList,
  getSectionsByDivisionAndCourse,
  getCourseCostGaps,
  getCostGaps,
  getCostReport,
  getCostDesignationShares,
  getTextbookDepartment,
];

/**
 * After a change to what a section's materials cost or show (an override, a title's kind or
 * price, an adoption): marks every cost-showing answer stale, so each screen asks again.
 */
export function useInvalidateCosts() {
  const invalidate = useInvalidateEndpoints();
  return (also: readonly Pick<Endpoint, 'method' | 'path'>[] = []) =>
    invalidate([...new Set([...COST_ENDPOINTS, ...also])]);
}
