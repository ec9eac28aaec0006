import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { getTransactionHistory } from '@csp/contracts';
import type { z } from 'zod';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { rentalStateLabel } from './order-labels.ts';

type Rental = z.output<typeof getTransactionHistory.response>['rentals'][number];

const NONE = '—';

/** Every rental of the student: what, which copy, when due, where it is, how it came back. */
export function TransactionHistoryRentals({
  rentals,
  phone,
}: {
  rentals: readonly Rental[];
  phone: boolean;
}) {
  const headingId = useId();
  return (
    // Not a landmark of its own: the page has a rentals region already (the desk's lists).
    <Box>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Rental history
      </Typography>
      {rentals.length === 0 ? (
        <Typography color="text.secondary">No rentals.</Typography>
      ) : phone ? (
        <RentalList rentals={rentals} />
      ) : (
        // Eight columns may not fit beside other panels: the table scrolls, and a keyboard
        // can scroll it too (the container takes focus).
        <TableContainer tabIndex={0} role="group" aria-labelledby={headingId}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>ISBN</TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Serial</TableCell>
                <TableCell>Due</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Returned</TableCell>
                <TableCell>Condition</TableCell>
                <TableCell>Tracking</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rentals.map((rental) => (
                <TableRow key={rental.transItemId}>
                  <TableCell>{rental.isbn}</TableCell>
                  <TableCell sx={{ minWidth: '10rem' }}>{rental.title}</TableCell>
                  <TableCell>{rental.serialItemRefNum}</TableCell>
                  <TableCell>{formatDisplayDate(rental.dueDate)}</TableCell>
                  <TableCell>{rentalStateLabel(rental.state)}</TableCell>
                  <TableCell>
                    {rental.returnedAt ? formatDisplayDate(rental.returnedAt) : NONE}
                  </TableCell>
                  <TableCell>{rental.marketplaceConditionName ?? NONE}</TableCell>
                  <TableCell>{rental.trackingNumber ?? NONE}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function RentalList({ rentals }: { rentals: readonly Rental[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rentals.map((rental) => {
        const facts = [
          `Due ${formatDisplayDate(rental.dueDate)}`,
          rental.returnedAt && `Returned ${formatDisplayDate(rental.returnedAt)}`,
          rental.marketplaceConditionName,
          rental.trackingNumber && `Tracking ${rental.trackingNumber}`,
        ].filter(Boolean);
        return (
          <Box
            component="li"
            key={rental.transItemId}
            sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {rental.title}
              </Typography>
              <Typography sx={{ whiteSpace: 'nowrap' }}>
                {rentalStateLabel(rental.state)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Serial {rental.serialItemRefNum} · ISBN {rental.isbn}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {facts.join(' · ')}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
