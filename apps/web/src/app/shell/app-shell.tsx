import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../../platform/session/session-context.tsx';
import { DesktopAppBar } from './desktop-app-bar.tsx';
import { MainContent } from './main-content.tsx';
import { searchKindFor } from './mobile-search.ts';
import { DesktopDrawer, MobileDrawer } from './nav-drawer.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { useStoredFlag } from './use-stored-flag.ts';

export const MINIMISED_STORAGE_KEY = 'csp.navMinimised';

// Loaded on first use: the dialog and its text field are not needed to show a page.
const MobileSearchDialog = lazy(() =>
  import('./mobile-search-dialog.tsx').then((m) => ({ default: m.MobileSearchDialog })),
);

interface AppShellProps {
  /** The current page's title, shown in the app bar. */
  title: string;
  children: ReactNode;
}

/**
 * The page frame with navigation: permanent drawer and app bar on desktop, top bar and drawer
 * on phones.
 */
export function AppShell({ title, children }: AppShellProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [minimised, setMinimised] = useStoredFlag(MINIMISED_STORAGE_KEY, false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  const searchKind = searchKindFor(pathname);

  return (
    <Box sx={{ display: 'flex', flexDirection: desktop ? 'row' : 'column', minHeight: '100vh' }}>
      <SkipLink />
      {/* The page keeps one place in the tree at every width: crossing the breakpoint (a
          tablet turned, a window resized) must not remount it and lose what the clerk did. */}
      {desktop ? (
        <DesktopDrawer minimised={minimised} onToggleMinimised={() => setMinimised(!minimised)} />
      ) : (
        <TopBar
          title={title}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
          searchKind={loggedIn ? searchKind : null}
          onOpenSearch={() => setSearchOpen(true)}
        />
      )}
      {!desktop && <MobileDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {desktop && <DesktopAppBar title={title} />}
        <MainContent>{children}</MainContent>
      </Box>
      {searchOpen && !desktop && (
        <Suspense fallback={null}>
          <MobileSearchDialog kind={searchKind} onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
