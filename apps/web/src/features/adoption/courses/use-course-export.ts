import { useMutation } from '@tanstack/react-query';
import { exportCatalog } from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useContractCall } from '../../../lib/contract-query.ts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { downloadCourseExport } from './download-export.ts';

/** Where an export goes: a file in the browser, the caller's own inbox, or another address. */
export type ExportTarget =
  { kind: 'download' } | { kind: 'email-me' } | { kind: 'email-other'; address: string };

/**
 * The server's rowCount counts the workbook's lines, not courses: a line per section and
 * material adopted for it (one for a section with none). A bare "(360 rows)" beside "323
 * courses" reads like a mistake, so the unit is spelt out.
 */
const rows = (count: number) =>
  count === 1
    ? 'It has 1 row.'
    : `It has ${count.toLocaleString('en-US')} rows: a row per section and adopted material.`;

/**
 * The server's answer to the same export to the same address within a minute (409, its double
 * press guard): the first one is on its way, so this is news, not a failure.
 */
const isAlreadySent = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

/**
 * Exports the course list with the body of the list on screen (every page of it) and says where it
 * went: a success toast names the file or the address, an error toast the reason (an export
 * already sent a moment ago is said as information).
 */
export function useCourseExport(body: CourseListRequest) {
  const { session } = useSession();
  const call = useContractCall();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (target: ExportTarget): Promise<string> => {
      if (!session) throw new Error('Not signed in');
      const params = { userAccountId: session.accountId };
      if (target.kind === 'download') {
        const filename = await downloadCourseExport(session.accountId, session.token, body);
        return `Downloaded ${filename}.`;
      }
      const query =
        target.kind === 'email-me' ? { email: 'true' as const } : { overrideEmail: target.address };
      const sent = await call(exportCatalog, { params, query, body });
      return `The catalog export was e-mailed to ${sent.emailedTo}. ${rows(sent.rowCount)}`;
    },
    onSuccess: (message) => notify({ type: 'success', message, timeout: true }),
    onError: (error) =>
      notify(
        isAlreadySent(error)
          ? { type: 'info', message: errorMessage(error), timeout: true }
          : {
              type: 'error',
              message: `${COURSE_LIST_MESSAGES.exportFailed}: ${errorMessage(error)}`,
              timeout: true,
            },
      ),
  });
}
