import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { useWebsite } from '../website/website-context.tsx';
import { siteTitleOf } from '../title/document-title.ts';
import { BrandLogo } from './brand-logo.tsx';
import { SEARCH_COPY } from './mobile-search.ts';
import type { SearchKind } from './mobile-search.ts';
import { MOBILE_DRAWER_ID } from './nav-drawer.tsx';

interface TopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** Absent when logged out: both searches need a login. */
  searchKind: SearchKind | null;
  onOpenSearch: () => void;
}

/** The phone top bar: menu button, small logo and the search button. */
export function TopBar({ menuOpen, onOpenMenu, searchKind, onOpenSearch }: TopBarProps) {
  const { website, config } = useWebsite();
  return (
    <AppBar
      position="sticky"
      elevation={1}
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 3,
        borderColor: 'primary.main',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open navigation"
          aria-controls={menuOpen ? MOBILE_DRAWER_ID : undefined}
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <BrandLogo
            src={config?.logoMobile}
            siteName={website?.name ?? siteTitleOf(null)}
            height={Math.min(config?.logoMobileHeight ?? 40, 48)}
            maxWidth={200}
          />
        </Box>
        {searchKind && (
          <IconButton
            edge="end"
            color="inherit"
            aria-label={SEARCH_COPY[searchKind].title}
            aria-haspopup="dialog"
            onClick={onOpenSearch}
          >
            <SearchIcon />
          </IconButton>
        )}
      </Toolbar>
    </AppBar>
  );
}
