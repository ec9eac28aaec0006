import { getIaReminderStatus } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/**
 * A term's reminders to students by kind (issue 32, point 3): planned, sent, failing, waiting.
 * Asked only for a term whose whole division the caller manages (the endpoint's
 * IA_TERM_ACCESS; the term's `mayEditDates` says the same).
 */
export function useIaReminderStatus(termId: number, enabled: boolean) {
  const params = { ...useCallerParams(), termId };
  return useContractQuery(getIaReminderStatus, { params }, { enabled, retry: retryUnlessRefused });
}
