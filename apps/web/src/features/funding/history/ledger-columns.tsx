import type { GridColDef } from '@mui/x-data-grid';
import { LEDGER_KIND_LABELS, type LedgerEntry } from '@csp/contracts';
import { signedMoney } from '../funding-format.ts';
import { formatDateTime } from '../../../lib/format.ts';

export const ledgerStudent = (entry: LedgerEntry) => `${entry.studentName} (${entry.studentIdNum})`;

/** The ledger's columns; the server orders it newest first, so none sorts. */
export const LEDGER_COLUMNS: GridColDef<LedgerEntry>[] = [
  {
    field: 'at',
    headerName: 'When',
    minWidth: 150,
    flex: 0.9,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'kind',
    headerName: 'Entry',
    minWidth: 220,
    flex: 1.3,
    valueFormatter: (value: LedgerEntry['kind']) => LEDGER_KIND_LABELS[value],
  },
  { field: 'studentIdNum', headerName: 'Student ID', minWidth: 110, flex: 0.7 },
  { field: 'studentName', headerName: 'Student', minWidth: 150, flex: 1 },
  {
    field: 'amountCents',
    headerName: 'Amount',
    type: 'number',
    minWidth: 110,
    flex: 0.7,
    valueFormatter: (value: number) => signedMoney(value),
  },
  {
    field: 'orderId',
    headerName: 'Order',
    minWidth: 80,
    flex: 0.5,
    valueFormatter: (value: number | null) => (value === null ? '' : `#${value}`),
  },
  { field: 'termName', headerName: 'Term', minWidth: 100, flex: 0.7 },
  {
    field: 'actorName',
    headerName: 'By',
    minWidth: 140,
    flex: 0.9,
    valueFormatter: (value: string | null) => value ?? 'System',
  },
  { field: 'note', headerName: 'Note', minWidth: 120, flex: 1 },
];
