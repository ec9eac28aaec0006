import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useSession } from '../../platform/session/session-context.tsx';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { siteTitleOf } from '../../platform/title/document-title.ts';
import { BrandLogo } from '../../platform/website/brand-logo.tsx';
import { NavList } from './nav-list.tsx';

/** docs/behaviour/constants.md: the drawer is 250 wide, or 80 when minimised. */
export const DRAWER_WIDTH = 250;
export const DRAWER_MINI_WIDTH = 80;
export const MOBILE_DRAWER_ID = 'mobile-navigation';

function useSiteName(): string {
  const { website } = useWebsite();
  return website?.name ?? siteTitleOf(null);
}

interface DesktopDrawerProps {
  minimised: boolean;
  onToggleMinimised: () => void;
}

/** The permanent drawer of wide screens, with the full logo and a minimise toggle. */
export function DesktopDrawer({ minimised, onToggleMinimised }: DesktopDrawerProps) {
  const { config } = useWebsite();
  const siteName = useSiteName();
  const width = minimised ? DRAWER_MINI_WIDTH : DRAWER_WIDTH;
  const logo = minimised ? config?.logoMobile : config?.logo;
  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0 }}
      slotProps={{ paper: { sx: { width, overflowX: 'hidden', boxSizing: 'border-box' } } }}
    >
      <Box component="nav" aria-label="Main navigation">
        <Box sx={{ px: 2, pt: 2, pb: 1, display: 'flex', justifyContent: 'center' }}>
          <BrandLogo
            src={logo}
            siteName={siteName}
            height={minimised ? 40 : Math.min(config?.logoHeight ?? 64, 96)}
            maxWidth={width - 32}
          />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: minimised ? 'center' : 'flex-end', px: 1 }}>
          <IconButton
            onClick={onToggleMinimised}
            aria-label={minimised ? 'Expand navigation' : 'Collapse navigation'}
          >
            {minimised ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        </Box>
        <NavList minimised={minimised} />
      </Box>
    </Drawer>
  );
}

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The phone drawer, opened from the top bar's menu button; always full width with labels. It
 * opens with the store's logo and who is signed in, since the phone bar has room for neither.
 */
export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const { config } = useWebsite();
  const siteName = useSiteName();
  const { session } = useSession();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id: MOBILE_DRAWER_ID,
          'aria-label': 'Navigation menu',
          sx: { width: DRAWER_WIDTH },
        },
      }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <BrandLogo
          src={config?.logo}
          siteName={siteName}
          height={Math.min(config?.logoHeight ?? 64, 64)}
          maxWidth={DRAWER_WIDTH - 32}
        />
        {session && (
          <Box sx={{ mt: 1.5, minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {session.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {session.userName}
            </Typography>
          </Box>
        )}
      </Box>
      <Box component="nav" aria-label="Main navigation">
        <NavList minimised={false} onChoose={onClose} />
      </Box>
    </Drawer>
  );
}
