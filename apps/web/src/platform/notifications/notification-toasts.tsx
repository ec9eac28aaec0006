import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { notificationDuration, QUEUED_DURATION_MS } from './notification-store.ts';
import type { AppNotification } from './notification-store.ts';
import { useNotificationStore, useNotifications } from './notification-context.tsx';

// Errors and warnings interrupt a screen reader; success and info wait for a pause.
function liveRole(notification: AppNotification): 'alert' | 'status' {
  return notification.type === 'error' || notification.type === 'warning' ? 'alert' : 'status';
}

/**
 * One toast at a time, in order; while another waits, the one shown goes after one more second
 * (QUEUED_DURATION_MS: Snackbar restarts its timer when the duration changes).
 */
export function NotificationToasts() {
  const notifications = useNotifications();
  const store = useNotificationStore();
  const current = notifications[0];
  if (!current) return null;

  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page is not a request to dismiss the message.
    if (reason === 'clickaway') return;
    store.dismiss(current.id);
  };

  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={
        notifications.length > 1 ? QUEUED_DURATION_MS : notificationDuration(current)
      }
      onClose={close}
      // Top right, under the phone's top bar: forms keep their actions at the bottom, so a
      // message never covers the button that raised it.
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ top: { xs: 64, sm: 24 } }}
    >
      <Alert
        severity={current.type}
        variant="filled"
        role={liveRole(current)}
        closeText="Dismiss notification"
        onClose={() => store.dismiss(current.id)}
        sx={{ width: '100%' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
