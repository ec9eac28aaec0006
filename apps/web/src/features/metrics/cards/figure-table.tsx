import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FigureRow } from './metric-figures.ts';
import { formatCount, formatShare } from './metric-format.ts';

/** A figure that is not a category of a whole (a total, a share), as a labelled line. */
export interface KeyFigure {
  label: string;
  value: string;
}

/** A line under a table's categories: a total, or a count with its own share. */
export interface ExtraRow {
  label: string;
  count: number;
  share?: number | null;
}

interface FigureTableProps {
  /** The table's name, e.g. "Order types for Fall 2026". */
  caption: string;
  /** The first column's header ("State", "Order type"). */
  category: string;
  /** What is counted ("Items", "Students"). */
  unit: string;
  rows: readonly FigureRow[];
  /** Lines under the categories: totals and shares the chart shows beside them. */
  extra?: readonly ExtraRow[];
}

/** The chart's figures as a real table: one row per category, then any key figures. */
export function FigureTable({ caption, category, unit, rows, extra = [] }: FigureTableProps) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {category}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {unit}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Share
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row">
              {r.label}
            </TableCell>
            <TableCell align="right">{formatCount(r.count)}</TableCell>
            <TableCell align="right">{formatShare(r.share)}</TableCell>
          </TableRow>
        ))}
        {extra.map((f) => (
          <TableRow key={f.label} sx={{ '& > *': { fontWeight: 600 } }}>
            <TableCell component="th" scope="row">
              {f.label}
            </TableCell>
            <TableCell align="right">{formatCount(f.count)}</TableCell>
            <TableCell align="right">{formatShare(f.share ?? null)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Key figures alone (a share metric: its percentage and the counts behind it). */
export function KeyFigureTable({
  caption,
  figures,
}: {
  caption: string;
  figures: readonly KeyFigure[];
}) {
  return (
    <Table size="small" aria-label={caption}>
      <TableBody>
        {figures.map((f) => (
          <TableRow key={f.label}>
            <TableCell component="th" scope="row">
              {f.label}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {f.value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
