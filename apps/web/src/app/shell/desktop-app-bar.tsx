import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useSession } from '../../platform/session/session-context.tsx';
import { siteTitleOf } from '../../platform/title/document-title.ts';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The wide-screen header, in the store's brand colour: the store's name above the page's title
 * (so a clerk with several store tabs open sees which store and page this is), and the user
 * menu. The title repeats the page's h1 visually, so it is a plain paragraph, not a heading.
 */
export function DesktopAppBar({ title }: { title: string }) {
  const { website } = useWebsite();
  const { session } = useSession();
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ opacity: 0.9 }}>
            {siteTitleOf(website)}
          </Typography>
          <Typography component="p" variant="h6" noWrap sx={{ lineHeight: 1.3 }}>
            {title}
          </Typography>
        </Box>
        {session && <UserMenu session={session} />}
      </Toolbar>
    </AppBar>
  );
}
