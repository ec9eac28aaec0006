import { useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { METRICS_TEXT as T, metricFailed, metricLoading } from '../metrics-messages.ts';
import type { CardStatus } from './card-status.ts';

interface MetricCardProps {
  title: string;
  /** Under the title: what the figures are of, when the title alone may mislead. */
  subtitle?: string;
  status: CardStatus;
  /** Said instead of figures when there are none (a term with no orders yet). */
  emptyText?: string | null;
  /** The picture, with its figures in words for screen readers. */
  chart?: ReactNode;
  /** The same figures as a table. */
  table?: ReactNode;
  /**
   * The card's usual height with its figures, in pixels, kept while it loads and once its
   * figures show: on a phone the cards stack, and one growing from its loading state pushed the
   * next down (issue 26's layout shift budget). A card with nothing to show keeps its own height.
   */
  usualHeight?: number;
}

/**
 * One metric: a named region with its own loading, error and empty states, so one that fails
 * or is slow never hides the others. A toggle swaps the picture for a table of the same figures.
 */
export function MetricCard(props: MetricCardProps) {
  const { title, subtitle, status, emptyText, chart, table, usualHeight } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [asTable, setAsTable] = useState(false);
  // Retry goes away as it is pressed: the card's heading keeps the keyboard's place.
  const retry = (again: () => void) => () => {
    heading.current?.focus();
    again();
  };
  const ready = status.kind === 'ready' && !emptyText;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-busy={status.kind === 'loading'}
      sx={{
        p: 2,
        minWidth: 0,
        minHeight: ready || status.kind === 'loading' ? usualHeight : undefined,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <div>
        <Typography
          ref={heading}
          id={headingId}
          tabIndex={-1}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, lineHeight: 1.3 }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </div>
      <CardBody
        title={title}
        status={status.kind === 'error' ? { ...status, retry: retry(status.retry) } : status}
        emptyText={emptyText}
      >
        {asTable ? table : chart}
      </CardBody>
      {ready && (
        // At the foot, so the cards of a row line their toggles up and the title has the width.
        <Box sx={{ mt: 'auto', display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setAsTable((shown) => !shown)}
            // Named with its card: every card has one, and a screen reader lists them together.
            aria-label={`${asTable ? T.showChart : T.showTable} of ${title}`}
            startIcon={asTable ? <InsertChartOutlinedIcon /> : <TableChartOutlinedIcon />}
          >
            {asTable ? T.showChart : T.showTable}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function CardBody({
  title,
  status,
  emptyText,
  children,
}: {
  title: string;
  status: CardStatus;
  emptyText?: string | null;
  children: ReactNode;
}) {
  if (status.kind === 'loading') {
    return (
      <Box>
        <VisuallyHidden>{metricLoading(title.toLowerCase())}</VisuallyHidden>
        <Skeleton variant="rounded" height={130} />
        <Skeleton width="70%" sx={{ mt: 1 }} />
        <Skeleton width="50%" />
      </Box>
    );
  }
  if (status.kind === 'error') {
    return (
      <Alert
        severity="error"
        action={
          status.refused ? undefined : (
            <Button
              color="inherit"
              size="small"
              onClick={status.retry}
              aria-label={`${T.retry} ${title}`}
            >
              {T.retry}
            </Button>
          )
        }
      >
        {status.refused ?? metricFailed(title)}
      </Alert>
    );
  }
  if (emptyText) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return <Box sx={{ minWidth: 0 }}>{children}</Box>;
}
