import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import type { Session } from '../../platform/session/session-store.ts';
import { useLogout } from '../session/use-logout.ts';
import { useSession } from '../../platform/session/session-context.tsx';
import { userMenuLinks } from './user-menu-items.ts';

/**
 * The signed-in user's name in the app bar, opening their menu: the areas' links (My
 * Permissions) and Logout. A real menu button, so screen readers announce the popup and the
 * keyboard opens it (Enter, Space, arrow keys) and Escape returns to the button.
 */
export function UserMenu({ session }: { session: Session }) {
  const { actions } = useSession();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const links = userMenuLinks(session, actions);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={`Account menu for ${session.name}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon />}
        endIcon={<ExpandMoreIcon />}
        sx={{
          maxWidth: 280,
          // On the brand colour MUI's focus ripple is faint; a white ring shows the keyboard.
          '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
        }}
      >
        <Box
          component="span"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {session.name}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        // Rendered inside the header rather than at the end of <body>, so the open menu sits
        // in the banner landmark where screen-reader users look for it (axe 'region').
        disablePortal
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            <ListItemIcon>
              <link.icon fontSize="small" />
            </ListItemIcon>
            {link.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
