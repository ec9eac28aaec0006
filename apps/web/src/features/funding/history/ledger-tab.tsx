import { z } from 'zod';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ServerGrid, useServerPaging } from '../../../components/list/server-grid.tsx';
import { LEDGER_KIND_LABELS, type LedgerEntry } from '@csp/contracts';
import { formatDateTime, plural } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { LEDGER_PAGE_SIZE, useSourceLedger } from '../api/funding-queries.ts';
import { FundingPagedList } from '../components/funding-paged-list.tsx';
import { SearchField } from '../../../components/list/search-field.tsx';
import { useCardsInsteadOfGrid } from '../../../components/use-phone.ts';
import { signedMoney } from '../funding-format.ts';
import { TabSection } from '../components/tab-section.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { LEDGER_COLUMNS, ledgerStudent } from './ledger-columns.tsx';

// The ledger's search and page are in the URL under their own keys (?lq=…&lpage=…), apart from
// the allowances' q and page on the same page.
const LEDGER_STATE = z.object({
  lq: z.string().trim().max(100),
  lpage: z.coerce.number().int().min(1),
});
const LEDGER_DEFAULTS: z.output<typeof LEDGER_STATE> = { lq: '', lpage: 1 };

/**
 * Every entry that moved the source's money, newest first, a server page at a time: the
 * history a balance is the sum of. Searched by student ID or name; a new search starts at the
 * first page.
 */
export function LedgerTab({ sourceId }: { sourceId: number }) {
  const cards = useCardsInsteadOfGrid();
  const [state, setState] = useUrlState(LEDGER_STATE, LEDGER_DEFAULTS);
  const search = state.lq;
  const page = state.lpage;
  const ledger = useSourceLedger(sourceId, search, page);
  const setPage = (lpage: number) => setState({ lpage });
  const paging = useServerPaging(page, LEDGER_PAGE_SIZE, setPage);
  const total = ledger.data?.recordCount ?? 0;
  const rows = ledger.data?.entries ?? [];

  return (
    <TabSection heading={T.ledgerHeading}>
      <SearchField
        label={T.searchLabel}
        value={search}
        onSearch={(lq) => setState({ lq, lpage: 1 }, { replace: true })}
      />
      <FundingPagedList
        query={ledger}
        what="the ledger"
        countText={
          total === 0
            ? search
              ? 'No entry matches this search.'
              : T.noLedger
            : plural(total, 'entry', 'entries')
        }
        phone={cards}
        cards={<LedgerCards rows={rows} />}
        pager={{ what: 'ledger entries', total, page, pageSize: LEDGER_PAGE_SIZE, onPage: setPage }}
        grid={
          total > 0 && (
            <ServerGrid
              aria-label="Ledger entries"
              rows={rows}
              columns={LEDGER_COLUMNS}
              getRowId={(row) => row.entryId}
              rowCount={total}
              {...paging}
              loading={ledger.isFetching}
              disableColumnSorting
            />
          )
        }
      />
    </TabSection>
  );
}

function LedgerCards({ rows }: { rows: readonly LedgerEntry[] }) {
  return (
    <Box component="ul" aria-label="Ledger entries" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.entryId} sx={{ p: 1.5, mb: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography component="p" variant="subtitle2">
              {LEDGER_KIND_LABELS[entry.kind]}
            </Typography>
            <Typography component="p" variant="subtitle2">
              {signedMoney(entry.amountCents)}
            </Typography>
          </Stack>
          <Typography variant="body2">{ledgerStudent(entry)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(entry.at)} · {entry.actorName ?? 'System'}
            {entry.orderId !== null && ` · Order #${entry.orderId}`}
            {entry.termName && ` · ${entry.termName}`}
          </Typography>
          {entry.note && <Typography variant="body2">{entry.note}</Typography>}
        </Paper>
      ))}
    </Box>
  );
}
