import { useEffect, useRef } from 'react';
import type { ReactNode, Ref } from 'react';
import { useLocation } from 'react-router';
import Typography from '@mui/material/Typography';

/** React Router's key for the location the app was opened at (no navigation yet). */
const INITIAL_LOCATION_KEY = 'default';
let lastFocusedKey: string | null = null;

/**
 * The one h1 of a page. After an in-app navigation it takes the keyboard focus, so a keyboard
 * user continues from the new page's top and a screen reader announces the page by its heading;
 * on the page the browser opened, focus stays where the browser put it.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key === INITIAL_LOCATION_KEY || key === lastFocusedKey) return;
    lastFocusedKey = key;
    ref.current?.focus();
    // Only when the page mounts: a filter changing the URL of the same page keeps focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <PageTitle ref={ref}>{children}</PageTitle>;
}

/**
 * How a page's h1 looks. `placeholder` draws the same words in the same place as a paragraph:
 * the app's loading state of a page shows the route's title so, and the page's own h1 takes its
 * place without moving (the page's first large paint is then its title, not the spinner). A
 * placeholder is not a heading: the page has its one h1 only once it is there.
 */
export function PageTitle({
  ref,
  placeholder = false,
  children,
}: {
  ref?: Ref<HTMLHeadingElement>;
  placeholder?: boolean;
  children: ReactNode;
}) {
  return (
    <Typography
      ref={ref}
      tabIndex={placeholder ? undefined : -1}
      component={placeholder ? 'p' : 'h1'}
      variant="h4"
      gutterBottom
      sx={{ fontWeight: 500, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
