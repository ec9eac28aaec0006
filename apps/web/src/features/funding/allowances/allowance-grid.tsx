import { useMemo } from 'react';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import PrintIcon from '@mui/icons-material/Print';
import CircularProgress from '@mui/material/CircularProgress';
import { formatMoney, type FundingAllowance } from '@csp/contracts';
import { ServerGrid, useServerPaging } from '../../../components/list/server-grid.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { ALLOWANCES_PAGE_SIZE, type AllowanceListQuery } from '../api/funding-queries.ts';
import type { AllowanceActions, VouchersInFlight } from './allowance-actions.ts';

export const studentName = (a: Pick<FundingAllowance, 'firstName' | 'lastName'>) =>
  `${a.firstName} ${a.lastName}`.trim();

/** Sortable columns and the server's sort field each stands for. */
const SORT_OF: Record<string, AllowanceListQuery['sortField']> = {
  studentIdNum: 'studentIdNum',
  name: 'lastName',
};
const FIELD_OF: Record<AllowanceListQuery['sortField'], string | null> = {
  studentIdNum: 'studentIdNum',
  lastName: 'name',
  createdAt: null,
};

/**
 * While a row's voucher is on its way its button shows a spinner and says it is unavailable,
 * but keeps the focus (a disabled button would drop it to the page); a click then does nothing.
 */
function waiting(busy: boolean) {
  return busy
    ? {
        'aria-disabled': true,
        icon: <CircularProgress size={20} aria-hidden />,
      }
    : {};
}

function columns(
  actions: AllowanceActions,
  inFlight: VouchersInFlight,
): GridColDef<FundingAllowance>[] {
  const money = (field: 'allocatedCents' | 'spentCents' | 'balanceCents', headerName: string) =>
    ({
      field,
      headerName,
      type: 'number',
      minWidth: 110,
      flex: 0.7,
      sortable: false,
      valueFormatter: (value: number) => formatMoney(value),
    }) satisfies GridColDef<FundingAllowance>;
  return [
    { field: 'studentIdNum', headerName: 'Student ID', minWidth: 110, flex: 0.8 },
    {
      field: 'name',
      headerName: 'Name',
      minWidth: 150,
      flex: 1.2,
      valueGetter: (_, row) => studentName(row),
    },
    {
      field: 'voucherCode',
      headerName: 'Voucher code',
      minWidth: 130,
      flex: 0.9,
      sortable: false,
      cellClassName: 'voucher-code',
    },
    money('allocatedCents', 'Allocated'),
    money('spentCents', 'Spent'),
    money('balanceCents', 'Balance'),
    {
      field: 'emailedAt',
      headerName: 'E-mailed',
      minWidth: 100,
      flex: 0.7,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? formatDisplayDate(value) : 'Not yet'),
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 140,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="amount"
          icon={<EditIcon />}
          label={`Change amount for ${studentName(row)}`}
          onClick={() => actions.changeAmount(row)}
        />,
        <GridActionsCellItem
          key="print"
          icon={<PrintIcon />}
          label={`Print voucher of ${studentName(row)}`}
          onClick={() => actions.printVoucher(row)}
          {...waiting(inFlight.printing.has(row.allowanceId))}
        />,
        <GridActionsCellItem
          key="email"
          icon={<EmailIcon />}
          label={`E-mail voucher to ${studentName(row)}`}
          onClick={() => actions.emailVoucher(row)}
          {...waiting(inFlight.emailing.has(row.allowanceId))}
        />,
      ],
    },
  ];
}

interface AllowanceGridProps {
  rows: readonly FundingAllowance[];
  recordCount: number;
  list: AllowanceListQuery;
  onPage: (page: number) => void;
  onSort: (sortField: AllowanceListQuery['sortField'], dir: 'asc' | 'desc') => void;
  loading: boolean;
  actions: AllowanceActions;
  inFlight: VouchersInFlight;
}

/** One server page of allowances; paging and sorting are the server's. */
export function AllowanceGrid({
  rows,
  recordCount,
  list,
  onPage,
  onSort,
  loading,
  actions,
  inFlight,
}: AllowanceGridProps) {
  const cols = useMemo(() => columns(actions, inFlight), [actions, inFlight]);
  const paging = useServerPaging(list.page, ALLOWANCES_PAGE_SIZE, onPage);
  const sortField = FIELD_OF[list.sortField];
  const sortModel = useMemo<GridSortModel>(
    () => (sortField ? [{ field: sortField, sort: list.sortDirection }] : []),
    [sortField, list.sortDirection],
  );
  return (
    <ServerGrid
      aria-label="Allowances"
      rows={rows}
      columns={cols}
      getRowId={(row) => row.allowanceId}
      rowCount={recordCount}
      {...paging}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        const field = first ? SORT_OF[first.field] : undefined;
        if (first?.sort && field) onSort(field, first.sort);
      }}
      loading={loading}
      sx={{
        '& .voucher-code': { fontFamily: 'monospace' },
      }}
    />
  );
}
