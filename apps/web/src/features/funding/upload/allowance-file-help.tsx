import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ALLOWANCE_FILE_COLUMNS } from '@csp/contracts';

const EXAMPLE_ROWS = [
  ['900000042', '250.00', 'Fall aid'],
  ['900000043', '400', ''],
] as const;

/** What an allowance file holds: its columns, header row first, and two example rows. */
export function AllowanceFileHelp() {
  return (
    <div>
      <Typography variant="body2" sx={{ mb: 1 }}>
        A .csv file, or an .xlsx workbook (its first sheet), with a header row naming the columns{' '}
        {ALLOWANCE_FILE_COLUMNS.map((c) => `“${c}”`).join(', ')}. The amount is in dollars; the note
        is optional. Every row is checked (unknown student, a student twice, a bad amount, over the
        cap or the budget left) before anything is written.
      </Typography>
      <Table size="small" aria-label="Example allowance file" sx={{ width: 'auto' }}>
        <TableHead>
          <TableRow>
            {ALLOWANCE_FILE_COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {EXAMPLE_ROWS.map((row) => (
            <TableRow key={row[0]}>
              {row.map((cell, index) => (
                <TableCell key={index} sx={{ fontFamily: 'monospace' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
