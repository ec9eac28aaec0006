import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/Print';
import { getSourceVouchersPdf, type FundingSource } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useDownloadFile } from '../api/download-file.ts';
import {
  ALLOWANCES_PAGE_SIZE,
  useAllowances,
  type AllowanceListQuery,
} from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { PagedListFooter } from '../components/paged-list-footer.tsx';
import { SearchField } from '../components/search-field.tsx';
import { useCardsInsteadOfGrid } from '../components/use-phone.ts';
import { plural } from '../funding-format.ts';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { AddAllowanceDialog } from './add-allowance-dialog.tsx';
import { AllowanceCards } from './allowance-cards.tsx';
import { AllowanceGrid } from './allowance-grid.tsx';
import { AmountDialog } from './amount-dialog.tsx';
import { useAllowanceActions } from './use-allowance-actions.ts';

type Sort = Pick<AllowanceListQuery, 'sortField' | 'sortDirection'>;

/**
 * A source's allowances, a server page at a time, searched by student ID or name once typing
 * pauses. A new search or sort goes back to the first page.
 */
export function AllowancesTab({ source }: { source: FundingSource }) {
  const cards = useCardsInsteadOfGrid();
  const params = useCallerParams();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ sortField: 'lastName', sortDirection: 'asc' });
  // The page belongs to the search and sort it was chosen under: either changing is page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const listKey = `${search}|${sort.sortField}|${sort.sortDirection}`;
  const page = paging.key === listKey ? paging.page : 1;
  const list: AllowanceListQuery = { search, page, ...sort };
  const allowances = useAllowances(source.sourceId, list);
  const { actions, amountFor, closeAmount } = useAllowanceActions();
  const [adding, setAdding] = useState(false);
  const vouchers = useDownloadFile();

  const setPage = (next: number) => setPaging({ key: listKey, page: next });
  const total = allowances.data?.recordCount ?? 0;
  const rows = allowances.data?.allowances ?? [];

  return (
    <Stack spacing={2} component="section" aria-labelledby="funding-allowances-heading">
      <Typography id="funding-allowances-heading" component="h2" variant="h6">
        {T.allowancesHeading}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <SearchField label={T.searchLabel} onSearch={setSearch} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add allowance
        </Button>
        <Button
          variant="outlined"
          startIcon={<PrintIcon />}
          disabled={Boolean(vouchers.pending) || source.figures.allowanceCount === 0}
          onClick={() =>
            void vouchers.download({
              endpoint: getSourceVouchersPdf,
              params: { ...params, sourceId: source.sourceId },
              fallbackName: `vouchers-${source.sourceId}.pdf`,
            })
          }
        >
          {vouchers.pending ? 'Preparing vouchers…' : 'Print all vouchers'}
        </Button>
      </Stack>
      {vouchers.error && (
        <Alert severity="error" onClose={vouchers.clearError}>
          Could not get the vouchers: {errorMessage(vouchers.error)}
        </Alert>
      )}
      {allowances.isError ? (
        <FundingLoadProblem
          error={allowances.error}
          what="the allowances"
          onRetry={() => void allowances.refetch()}
        />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary">
            {allowances.isPending
              ? 'Loading the allowances…'
              : total === 0
                ? search
                  ? T.noAllowancesFound
                  : T.noAllowances
                : `${plural(total, 'allowance')}${search ? ` match “${search}”` : ''}`}
          </Typography>
          {cards ? (
            <Box sx={{ opacity: allowances.isPlaceholderData ? 0.6 : 1 }}>
              <AllowanceCards rows={rows} actions={actions} />
              <PagedListFooter
                what="allowances"
                total={total}
                page={page}
                pageSize={ALLOWANCES_PAGE_SIZE}
                onPage={setPage}
              />
            </Box>
          ) : (
            (total > 0 || allowances.isFetching) && (
              <AllowanceGrid
                rows={rows}
                recordCount={total}
                list={list}
                onPage={setPage}
                onSort={(sortField, sortDirection) => setSort({ sortField, sortDirection })}
                loading={allowances.isFetching}
                actions={actions}
              />
            )
          )}
        </>
      )}
      {adding && <AddAllowanceDialog source={source} onClose={() => setAdding(false)} />}
      {amountFor && <AmountDialog allowance={amountFor} onClose={closeAmount} />}
    </Stack>
  );
}
