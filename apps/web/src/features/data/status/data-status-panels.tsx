import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import type { useDataStatus } from '../api/data-queries.ts';
import { count } from '../../../lib/format.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { FeedStatusList } from './feed-status-list.tsx';
import { TermHoldings } from './term-holdings.tsx';

type StatusQuery = ReturnType<typeof useDataStatus>;

/** Each feed's last import. */
export function FeedStatusPanel({ status }: { status: StatusQuery }) {
  return (
    <PanelSection title={T.statusHeading}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.statusIntro}
      </Typography>
      {status.isPending && <PanelLoading what={T.statusLoading} />}
      {status.isError && (
        <PanelError what={T.statusLoading} error={status.error} onRetry={() => void status.refetch()} />
      )}
      {status.data && <FeedStatusList feeds={status.data.feeds} />}
    </PanelSection>
  );
}

/** What the store holds per term, and its students and products in all. */
export function HoldingsPanel({ status, phone }: { status: StatusQuery; phone: boolean }) {
  const data = status.data;
  return (
    <PanelSection
      title={T.holdingsHeading}
      aside={
        data && (
          <Typography variant="body2">
            {T.students}: <strong>{count(data.students)}</strong> · {T.products}:{' '}
            <strong>{count(data.products)}</strong>
          </Typography>
        )
      }
    >
      {status.isPending && <PanelLoading what={T.holdingsLoading} />}
      {status.isError && (
        <PanelError what={T.holdingsLoading} error={status.error} onRetry={() => void status.refetch()} />
      )}
      {data && data.terms.length === 0 && (
        <Typography color="text.secondary">{T.noTerms}</Typography>
      )}
      {data && data.terms.length > 0 && (
        <Stack>
          {phone ? (
            <TermHoldings terms={data.terms} phone />
          ) : (
            // A narrow window scrolls the table, not the page; the keyboard can scroll it too.
            <Box
              tabIndex={0}
              role="region"
              aria-label="Terms table"
              sx={{ overflowX: 'auto' }}
            >
              <TermHoldings terms={data.terms} phone={false} />
            </Box>
          )}
        </Stack>
      )}
    </PanelSection>
  );
}
