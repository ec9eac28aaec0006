import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import type { CourseListRequest } from '@csp/contracts';
import { ExportEmailDialog } from './export-email-dialog.tsx';
import { useCourseExport } from './use-course-export.ts';
import type { ExportTarget } from './use-course-export.ts';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden.tsx';

interface ExportMenuProps {
  body: CourseListRequest;
  /** Nothing to export: the list is empty, failed or still loading for the first time. */
  disabled: boolean;
}

/**
 * Exports the filtered list as an .xlsx workbook: downloaded, or e-mailed to the caller or to
 * another address. The workbook can take a while to build, so the button shows progress and
 * refuses a second export meanwhile.
 */
export function ExportMenu({ body, disabled }: ExportMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [askAddress, setAskAddress] = useState(false);
  const exporting = useCourseExport(body);
  const busy = exporting.isPending;

  const start = (target: ExportTarget) => {
    setAnchor(null);
    setAskAddress(false);
    exporting.mutate(target);
  };

  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        // While it works the button stays focusable (aria-disabled, not disabled): the menu hands
        // focus back to it, and a disabled button would drop keyboard users to the page's top.
        disabled={disabled}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (!busy) setAnchor(event.currentTarget);
        }}
        startIcon={
          busy ? (
            <CircularProgress size={18} color="inherit" aria-hidden />
          ) : (
            <FileDownloadOutlinedIcon />
          )
        }
        endIcon={busy ? undefined : <ArrowDropDownIcon />}
        sx={{ flexShrink: 0 }}
      >
        {busy ? 'Exporting…' : 'Export'}
      </Button>
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {busy ? 'Preparing the export. This can take a minute.' : ''}
      </Box>
      {/* Kept inside the page's main landmark rather than portalled to the end of the body. */}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        disablePortal
      >
        <MenuItem onClick={() => start({ kind: 'download' })}>
          <ListItemIcon>
            <FileDownloadOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Download (.xlsx)</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => start({ kind: 'email-me' })}>
          <ListItemIcon>
            <MailOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>E-mail it to me</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setAskAddress(true);
          }}
        >
          <ListItemIcon>
            <ForwardToInboxOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>E-mail to another address…</ListItemText>
        </MenuItem>
      </Menu>
      {askAddress && (
        <ExportEmailDialog
          onSend={(address) => start({ kind: 'email-other', address })}
          onClose={() => setAskAddress(false)}
        />
      )}
    </>
  );
}
