import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { siteTitleOf } from '../../platform/title/document-title.ts';
import { BrandLogo } from '../../platform/website/brand-logo.tsx';
import { SEARCH_COPY } from './mobile-search.ts';
import type { SearchKind } from './mobile-search.ts';
import { MOBILE_DRAWER_ID } from './nav-drawer.tsx';

interface TopBarProps {
  /** The page's title; on a phone it is the only place the bar says where you are. */
  title: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** Absent when logged out: both searches need a login. */
  searchKind: SearchKind | null;
  onOpenSearch: () => void;
}

/**
 * The phone top bar in the brand colour: menu button, the square phone logo on a white tile
 * (a logo drawn for white pages stays legible), the page's title and the search button.
 */
export function TopBar({ title, menuOpen, onOpenMenu, searchKind, onOpenSearch }: TopBarProps) {
  const { website, config } = useWebsite();
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
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
        {config?.logoMobile && (
          <Box
            sx={{
              flexShrink: 0,
              display: 'flex',
              bgcolor: 'background.paper',
              color: 'text.primary',
              borderRadius: 1,
              p: 0.25,
            }}
          >
            <BrandLogo
              src={config.logoMobile}
              siteName={website?.name ?? siteTitleOf(null)}
              height={Math.min(config.logoMobileHeight, 36)}
              maxWidth={72}
            />
          </Box>
        )}
        <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
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
