import { getStudentFunding, STUDENT_FUNDING_ACTIONS } from '@csp/contracts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { hasAnyAction } from '../../../lib/actions.ts';
import { useCallerQuery } from '../../../lib/contract-query.ts';

/**
 * Whether the user may see students' funding figures (MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING):
 * without, the screen shows no funding panel and asks for none (the server would refuse).
 */
export function useMaySeeStudentFunding(): boolean {
  return hasAnyAction(useSession().actions, STUDENT_FUNDING_ACTIONS);
}

/**
 * The student's allowances and what is usable today: the screen's funding panel and the
 * create-order dialog share this one cached answer. Asked only when `enabled` (the user may
 * see it).
 */
export function useStudentFunding(customerId: number, enabled = true) {
  return useCallerQuery(getStudentFunding, { query: { customerId } }, { enabled });
}
