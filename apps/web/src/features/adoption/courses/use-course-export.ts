import { useMutation } from '@tanstack/react-query';
import { exportCatalog } from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useContractCall } from '../../../lib/contract-query.ts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import { downloadCourseExport } from './download-export.ts';

/** Where an export goes: a file in the browser, the caller's own inbox, or another address. */
export type ExportTarget =
  { kind: 'download' } | { kind: 'email-me' } | { kind: 'email-other'; address: string };

const rows = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/**
 * Exports the course list with the body of the list on screen (every page of it) and says where it
 * went: a success toast names the file or the address, an error toast the reason.
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
      return `The catalog export (${rows(sent.rowCount)}) was e-mailed to ${sent.emailedTo}.`;
    },
    onSuccess: (message) => notify({ type: 'success', message, timeout: true }),
    onError: (error) =>
      notify({
        type: 'error',
        message: `${COURSE_LIST_MESSAGES.exportFailed}: ${errorMessage(error)}`,
        timeout: true,
      }),
  });
}
