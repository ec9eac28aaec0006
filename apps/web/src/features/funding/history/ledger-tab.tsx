import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { LEDGER_KIND_LABELS, type LedgerEntry } from '@csp/contracts';
import { LEDGER_PAGE_SIZE, useSourceLedger } from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { PagedListFooter } from '../components/paged-list-footer.tsx';
import { SearchField } from '../components/search-field.tsx';
import { useCardsInsteadOfGrid } from '../components/use-phone.ts';
import { formatDateTime, plural, signedMoney } from '../funding-format.ts';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { LEDGER_COLUMNS, ledgerStudent } from './ledger-columns.tsx';

/**
 * Every entry that moved the source's money, newest first, a server page at a time: the
 * history a balance is the sum of. Searched by student ID or name.
 */
export function LedgerTab({ sourceId }: { sourceId: number }) {
  const cards = useCardsInsteadOfGrid();
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const ledger = useSourceLedger(sourceId, search, page);
  const setPage = (next: number) => setPaging({ search, page: next });
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: page - 1, pageSize: LEDGER_PAGE_SIZE }),
    [page],
  );
  const total = ledger.data?.recordCount ?? 0;
  const rows = ledger.data?.entries ?? [];

  return (
    <Stack spacing={2} component="section" aria-labelledby="funding-ledger-heading">
      <Typography id="funding-ledger-heading" component="h2" variant="h6">
        {T.ledgerHeading}
      </Typography>
      <SearchField label={T.searchLabel} onSearch={setSearch} />
      {ledger.isError ? (
        <FundingLoadProblem
          error={ledger.error}
          what="the ledger"
          onRetry={() => void ledger.refetch()}
        />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary">
            {ledger.isPending
              ? 'Loading the ledger…'
              : total === 0
                ? search
                  ? 'No entry matches this search.'
                  : T.noLedger
                : plural(total, 'entry', 'entries')}
          </Typography>
          {cards ? (
            <Box sx={{ opacity: ledger.isPlaceholderData ? 0.6 : 1 }}>
              <LedgerCards rows={rows} />
              <PagedListFooter
                what="ledger entries"
                total={total}
                page={page}
                pageSize={LEDGER_PAGE_SIZE}
                onPage={setPage}
              />
            </Box>
          ) : (
            total > 0 && (
              <DataGrid
                aria-label="Ledger entries"
                rows={rows}
                columns={LEDGER_COLUMNS}
                getRowId={(row) => row.entryId}
                rowCount={total}
                paginationMode="server"
                paginationModel={paginationModel}
                onPaginationModelChange={(model) => setPage(model.page + 1)}
                pageSizeOptions={[LEDGER_PAGE_SIZE]}
                loading={ledger.isFetching}
                autoHeight
                disableVirtualization
                disableColumnMenu
                disableColumnSorting
                disableRowSelectionOnClick
                sx={{ bgcolor: 'background.paper' }}
              />
            )
          )}
        </>
      )}
    </Stack>
  );
}

function LedgerCards({ rows }: { rows: readonly LedgerEntry[] }) {
  return (
    <Box component="ul" aria-label="Ledger entries" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.entryId} sx={{ p: 1.5, mb: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2">{LEDGER_KIND_LABELS[entry.kind]}</Typography>
            <Typography variant="subtitle2">{signedMoney(entry.amountCents)}</Typography>
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
