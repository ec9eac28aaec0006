import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePhone } from './use-phone.ts';

export interface TableColumn<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** A text column that must not be squeezed to a word per line by the figures beside it. */
  minWidth?: number;
  /** The column's figure in the totals row, when there is one. */
  total?: ReactNode;
}

/** A right-aligned column of a figure (a count, an amount), with its total when given one. */
export function figureColumn<R>(
  key: string,
  label: string,
  format: (value: number) => string,
  pick: (row: R) => number,
  total?: number,
): TableColumn<R> {
  return {
    key,
    label,
    align: 'right',
    render: (row) => format(pick(row)),
    total: total === undefined ? undefined : format(total),
  };
}

interface ResponsiveTableProps<R> {
  /** Names the table (and the phone's list) for screen readers. */
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** Shown in the totals row's first cell; no totals row when absent. */
  totalLabel?: string;
}

/**
 * A table beside the drawer; on a phone (under 600 px) one card per row with each figure named,
 * so nothing scrolls sideways. The totals come last either way.
 */
export function ResponsiveTable<R>(props: ResponsiveTableProps<R>) {
  return usePhone() ? <RowCards {...props} /> : <RowTable {...props} />;
}

function RowTable<R>({ label, columns, rows, rowKey, totalLabel }: ResponsiveTableProps<R>) {
  return (
    // A narrow window scrolls the table, not the page; the keyboard can scroll it too.
    <Box tabIndex={0} role="region" aria-label={`${label} table`} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={{ fontWeight: 600, minWidth: column.minWidth }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ overflowWrap: 'break-word' }}
                >
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totalLabel && (
          <TableFooter>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
                >
                  {index === 0 ? totalLabel : column.total}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}

function Figures({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5 }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RowCards<R>({ label, columns, rows, rowKey, totalLabel }: ResponsiveTableProps<R>) {
  const totals = columns.filter((column) => column.total !== undefined);
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" variant="outlined" key={rowKey(row)} sx={{ p: 1.5, mb: 1 }}>
          <Figures items={columns.map((c) => ({ label: c.label, value: c.render(row) }))} />
        </Paper>
      ))}
      {totalLabel && (
        <Paper component="li" variant="outlined" sx={{ p: 1.5, mb: 1, bgcolor: 'grey.50' }}>
          <Typography variant="subtitle2" component="p">
            {totalLabel}
          </Typography>
          <Figures items={totals.map((c) => ({ label: c.label, value: c.total }))} />
        </Paper>
      )}
    </Box>
  );
}
