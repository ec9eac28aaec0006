import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '@csp/contracts';
import { count, plural } from '../../../lib/format.ts';

interface RejectionReasonsProps {
  reasons: ImportSummary['reasons'];
  phone: boolean;
  /** What the list is, for screen readers: the rejections, or the warnings. */
  label: string;
}

const columnText = (column: string) => column || 'Whole row';

/** Why rows were rejected (or values left out), the reason of most rows first. */
export function RejectionReasons({ reasons, phone, label }: RejectionReasonsProps) {
  if (phone) return <ReasonList reasons={reasons} label={label} />;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Column</TableCell>
          <TableCell>Why</TableCell>
          <TableCell align="right">Rows</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {reasons.map((reason) => (
          <TableRow key={`${reason.column}\u0000${reason.message}`}>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {columnText(reason.column)}
            </TableCell>
            <TableCell>{reason.message}</TableCell>
            <TableCell align="right">{count(reason.rows)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ReasonList({ reasons, label }: { reasons: ImportSummary['reasons']; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {reasons.map((reason) => (
        <Box
          component="li"
          key={`${reason.column}\u0000${reason.message}`}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {columnText(reason.column)}
            </Box>{' '}
            · {plural(reason.rows, 'row')}
          </Typography>
          <Typography variant="body2">{reason.message}</Typography>
        </Box>
      ))}
    </Box>
  );
}
