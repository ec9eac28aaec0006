import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportSummary } from '@csp/contracts';
import { entityLabel } from './report-format.ts';
import { count } from '../../../lib/format.ts';

interface EntityChangesProps {
  summary: ImportSummary;
  caption: string;
  phone: boolean;
}

/** Per kind of record: how many an import adds (or added), changes and finds as they are. */
export function EntityChanges({ summary, caption, phone }: EntityChangesProps) {
  return (
    <Table
      size="small"
      aria-label={caption}
      // Four columns fit a phone once the cells give up some of their padding.
      sx={{ maxWidth: 560, ...(phone && { '& .MuiTableCell-root': { px: 0.75 } }) }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Records</TableCell>
          <TableCell align="right">Added</TableCell>
          <TableCell align="right">Updated</TableCell>
          <TableCell align="right">Unchanged</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {summary.entities.map((row) => (
          <TableRow key={row.entity}>
            <TableCell component="th" scope="row">
              {entityLabel(row.entity)}
            </TableCell>
            <TableCell align="right">{count(row.added)}</TableCell>
            <TableCell align="right">{count(row.updated)}</TableCell>
            <TableCell align="right">{count(row.unchanged)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
