import { useId, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailure } from './load-failure.tsx';
import { Panel } from './panel.tsx';

interface PanelSectionProps {
  title: string;
  /** Beside the heading (e.g. a summary figure). */
  aside?: ReactNode;
  /** A heading the screen moves the focus to (a report as it opens). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/**
 * A panel of a detail screen (a student's required materials and history, a section's
 * materials and students): a region named by its heading, so a screen reader lists it among
 * the page's landmarks.
 */
export function PanelSection({ title, aside, headingRef, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <Panel labelledBy={headingId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography
          ref={headingRef}
          id={headingId}
          tabIndex={headingRef ? -1 : undefined}
          component="h2"
          variant="h6"
          sx={headingRef ? { overflowWrap: 'anywhere', '&:focus': { outline: 'none' } } : undefined}
        >
          {title}
        </Typography>
        {aside}
      </Stack>
      <Box sx={{ mt: 1 }}>{children}</Box>
    </Panel>
  );
}

/** A panel's content while it loads: said in words too, for screen readers. */
export function PanelLoading({ what }: { what: string }) {
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>Loading {what}…</Typography>
    </Stack>
  );
}

/** A panel that could not load: the server's message and a way to try again. */
export function PanelError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <LoadFailure onRetry={onRetry}>
      Could not load {what}: {error.message}
    </LoadFailure>
  );
}
