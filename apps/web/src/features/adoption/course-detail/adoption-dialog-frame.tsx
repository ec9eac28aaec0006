import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';

interface AdoptionDialogFrameProps {
  title: ReactNode;
  onClose: () => void;
  /** Room for two columns (details beside messages) on a wide screen. */
  wide?: boolean;
  /** Buttons kept in view below the content (the wizard's Back and Next). */
  actions?: ReactNode;
  /**
   * The content puts focus where it belongs itself (the wizard: each page's heading), so the
   * dialog must not take it for its own container when it opens.
   */
  contentTakesFocus?: boolean;
  children: ReactNode;
}

/**
 * The frame of the view and edit panels: a dialog on a wide screen, the whole screen on a
 * phone. Escape or the close button in its title bar (always in view, however long the panel)
 * closes it; focus goes back to the button that opened it.
 */
export function AdoptionDialogFrame({
  title,
  onClose,
  wide,
  actions,
  contentTakesFocus,
  children,
}: AdoptionDialogFrameProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      disableAutoFocus={contentTakesFocus}
      fullScreen={phone}
      fullWidth
      maxWidth={wide ? 'lg' : 'md'}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
