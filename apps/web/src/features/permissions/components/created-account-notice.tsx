import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';

export interface CreatedAccount {
  userName: string;
  password: string;
  passwordSetupEmailSent: boolean;
}

/**
 * The generated password, shown this once (it is kept only in this component's state), with a
 * copy button, and whether the set-password e-mail went out.
 */
export function CreatedAccountNotice(props: {
  account: CreatedAccount;
  onDone: () => void;
  onManage: () => void;
}) {
  const notify = useNotify();
  const { userName, password, passwordSetupEmailSent } = props.account;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      notify({ type: 'success', message: 'Password copied.' });
    } catch {
      notify({ type: 'error', message: 'Could not copy: select the password and copy it.' });
    }
  };

  return (
    <Alert severity={passwordSetupEmailSent ? 'success' : 'warning'} role="status">
      <AlertTitle>Account created for {userName}</AlertTitle>
      <Typography variant="body2">
        Its password is shown only this once. Copy it now if you need to pass it on:
      </Typography>
      <Typography component="span" variant="body2" sx={{ mr: 1 }}>
        Password:
      </Typography>
      <Box
        component="code"
        data-testid="generated-password"
        sx={{
          display: 'inline-block',
          my: 1,
          px: 1,
          py: 0.5,
          fontSize: '1rem',
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          overflowWrap: 'anywhere',
        }}
      >
        {password}
      </Box>
      <Typography variant="body2">
        {passwordSetupEmailSent
          ? `A set-password e-mail was sent to ${userName}.`
          : `The set-password e-mail to ${userName} could not be sent; give them this password instead.`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
        >
          Copy password
        </Button>
        <Button size="small" variant="outlined" onClick={props.onManage}>
          Manage permissions
        </Button>
        <Button size="small" onClick={props.onDone}>
          Done
        </Button>
      </Stack>
    </Alert>
  );
}
