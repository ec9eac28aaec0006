import type { MouseEvent } from 'react';
import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: jumps keyboard users past the navigation. */
export function SkipLink() {
  // Focus is moved by hand: following the '#' would count as a navigation in the router.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        p: 1.5,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Link>
  );
}
