import { Link as RouterLink, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { useSession } from '../../platform/session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';
import { fullLabel, isCurrentItem, navItem, visibleNavItems } from './nav-items.ts';

interface NavListProps {
  minimised: boolean;
  /** Called after an item is chosen, so the phone drawer can close. */
  onChoose?: () => void;
}

export function NavList({ minimised, onChoose }: NavListProps) {
  const { loggedIn, actions } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();

  return (
    <List>
      {visibleNavItems(loggedIn, actions).map((id, index, ids) => {
        const item = navItem(id);
        // A group's heading stands once, above its first item (Settings: Permissions, Store settings).
        const previousId = ids[index - 1];
        const startsGroup =
          item.group !== undefined &&
          (previousId === undefined || navItem(previousId).group !== item.group);
        const Icon = item.icon;
        const current = isCurrentItem(item, pathname);
        const label = fullLabel(item);
        const content = (
          <>
            <ListItemIcon sx={{ minWidth: minimised ? 0 : 40, justifyContent: 'center' }}>
              <Icon />
            </ListItemIcon>
            {!minimised && <ListItemText primary={item.label} />}
          </>
        );
        const common = {
          'aria-label': minimised ? label : undefined,
          sx: {
            justifyContent: minimised ? 'center' : 'flex-start',
            minHeight: 48,
            // MUI's focus fill is a grey about 1.3:1 against white, close to the current-page
            // fill: a ring in the brand colour (AA against white) shows where the keyboard is.
            '&.Mui-focusVisible': {
              outline: '3px solid',
              outlineColor: 'primary.main',
              outlineOffset: '-3px',
            },
          },
        };
        const button = item.to ? (
          <ListItemButton
            {...common}
            component={RouterLink}
            to={item.to}
            selected={current}
            aria-current={current ? 'page' : undefined}
            onClick={onChoose}
          >
            {content}
          </ListItemButton>
        ) : (
          <ListItemButton
            {...common}
            onClick={() => {
              onChoose?.();
              void logout();
            }}
          >
            {content}
          </ListItemButton>
        );
        return [
          startsGroup && !minimised ? (
            <ListSubheader key={`${id}-group`} disableSticky>
              {item.group}
            </ListSubheader>
          ) : null,
          <ListItem key={id} disablePadding>
            {minimised ? (
              <Tooltip title={label} placement="right">
                {button}
              </Tooltip>
            ) : (
              button
            )}
          </ListItem>,
        ];
      })}
    </List>
  );
}
