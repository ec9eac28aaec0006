import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSendFutureAdoptionsEmail } from './course-detail-mutations.ts';
import { courseCodeLabel, type CourseRef } from './course-ref.ts';

/** "Sent 3 adoptions to a@x.edu and b@y.edu.": who got the e-mail, so staff can tell them. */
export function futureEmailNotice(result: {
  recipients: string[];
  notDelivered?: string[];
  adoptionCount: number;
}) {
  if (result.recipients.length === 0) {
    return 'Nobody was e-mailed: the course has no instructor or submitter with an e-mail address.';
  }
  const who =
    result.recipients.length === 1
      ? result.recipients[0]
      : `${result.recipients.slice(0, -1).join(', ')} and ${result.recipients.at(-1)}`;
  const what =
    result.adoptionCount === 1 ? '1 future adoption' : `${result.adoptionCount} future adoptions`;
  const refused = result.notDelivered ?? [];
  return refused.length === 0
    ? `E-mailed ${what} to ${who}.`
    : `E-mailed ${what} to ${who}. Not delivered to ${refused.join(', ')}: the mail server refused it.`;
}

/**
 * E-mails the course's instructors and submitters the adoptions on its sections that start in
 * the future, after a yes (it writes to people outside the store).
 */
export function FutureAdoptionsEmailButton({ course }: { course: CourseRef }) {
  const notify = useNotify();
  const { send, isPending } = useSendFutureAdoptionsEmail(course);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      const result = await send();
      notify({ type: 'success', message: futureEmailNotice(result), timeout: true });
    } catch (error) {
      // 409: nothing to send (no future adoptions, or nobody to send them to): not a failure.
      const nothingToSend = error instanceof ApiRequestError && error.status === 409;
      notify({
        type: nothingToSend ? 'info' : 'error',
        message: errorMessage(error),
        timeout: true,
      });
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)} sx={{ flexShrink: 0 }}>
        Send future adoptions e-mail
      </Button>
      <ConfirmDialog
        danger
        open={asking}
        title="Send the future adoptions e-mail?"
        confirmLabel="Send e-mail"
        busy={isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <DialogContentText>
          E-mail the instructors and submitters of {courseCodeLabel(course)} the adoptions on its
          sections that start in the future?
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
