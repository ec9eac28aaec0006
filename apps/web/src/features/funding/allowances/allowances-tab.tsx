import { useState } from 'react';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/Print';
import { getSourceVouchersPdf, type FundingSource } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { plural } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useDownloadFile } from '../../../platform/downloads/download-file.ts';
import {
  ALLOWANCES_PAGE_SIZE,
  useAllowances,
  type AllowanceListQuery,
} from '../api/funding-queries.ts';
import { FundingPagedList } from '../components/funding-paged-list.tsx';
import { SearchField } from '../../../components/list/search-field.tsx';
import { useCardsInsteadOfGrid } from '../../../components/use-phone.ts';
import { TabSection } from '../components/tab-section.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { AddAllowanceDialog } from './add-allowance-dialog.tsx';
import { AllowanceCards } from './allowance-cards.tsx';
import { AllowanceGrid } from './allowance-grid.tsx';
import { AmountDialog } from './amount-dialog.tsx';
import { EmailVouchersButton, VoucherMailingProgress } from './email-vouchers.tsx';
import { useAllowanceActions } from './use-allowance-actions.ts';

// The search, sort and page are in the URL (?q=…&sort=…&dir=…&page=…), so a reload, a link or
// Back shows the same allowances. A new search or sort goes back to the first page (PAGE_KEY).
const LIST_STATE = z.object({
  q: z.string().trim().max(100),
  sort: z.enum(['lastName', 'studentIdNum', 'createdAt']),
  dir: z.enum(['asc', 'desc']),
  page: z.coerce.number().int().min(1),
});
const LIST_DEFAULTS: z.output<typeof LIST_STATE> = {
  q: '',
  sort: 'lastName',
  dir: 'asc',
  page: 1,
};

/**
 * A source's allowances, a server page at a time, searched by student ID or name once typing
 * pauses. While the next list loads, the last one stays on screen, dimmed, and the count says
 * the search is under way rather than the last search's count.
 */
export function AllowancesTab({ source }: { source: FundingSource }) {
  const cards = useCardsInsteadOfGrid();
  const params = useCallerParams();
  const [state, setState] = useUrlState(LIST_STATE, LIST_DEFAULTS);
  const search = state.q;
  const page = state.page;
  const list: AllowanceListQuery = {
    search,
    page,
    sortField: state.sort,
    sortDirection: state.dir,
  };
  const allowances = useAllowances(source.sourceId, list);
  const { actions, inFlight, amountFor, closeAmount } = useAllowanceActions();
  const [adding, setAdding] = useState(false);
  const vouchers = useDownloadFile();

  const setPage = (next: number) => setState({ page: next });
  const total = allowances.data?.recordCount ?? 0;
  const rows = allowances.data?.allowances ?? [];

  return (
    <TabSection heading={T.allowancesHeading}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <SearchField
          label={T.searchLabel}
          value={search}
          onSearch={(q) => setState({ q }, { replace: true })}
        />
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
        <EmailVouchersButton source={source} />
      </Stack>
      <VoucherMailingProgress sourceId={source.sourceId} />
      {vouchers.error && (
        <Alert severity="error" onClose={vouchers.clearError}>
          Could not get the vouchers: {errorMessage(vouchers.error)}
        </Alert>
      )}
      <FundingPagedList
        query={allowances}
        what="the allowances"
        countText={
          total === 0
            ? search
              ? T.noAllowancesFound
              : T.noAllowances
            : `${plural(total, 'allowance')}${search ? ` match “${search}”` : ''}`
        }
        phone={cards}
        cards={<AllowanceCards rows={rows} actions={actions} inFlight={inFlight} />}
        pager={{
          what: 'allowances',
          total,
          page,
          pageSize: ALLOWANCES_PAGE_SIZE,
          onPage: setPage,
        }}
        grid={
          (total > 0 || allowances.isFetching) && (
            <AllowanceGrid
              rows={rows}
              recordCount={total}
              list={list}
              onPage={setPage}
              onSort={(sort, dir) => setState({ sort, dir })}
              loading={allowances.isFetching}
              actions={actions}
              inFlight={inFlight}
            />
          )
        }
      />
      {adding && <AddAllowanceDialog source={source} onClose={() => setAdding(false)} />}
      {amountFor && <AmountDialog allowance={amountFor} onClose={closeAmount} />}
    </TabSection>
  );
}
