import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { ConditionOptions } from './rental-row.tsx';
import { checkedOutstanding, type RentalLists, type SelectionState } from './rental-selection.ts';

/** What the bar shows and starts: the desk's selection and its two actions (rentals-desk.tsx). */
interface DeskActions {
  selection: SelectionState;
  lists: RentalLists;
  busy: boolean;
  returningNow: boolean;
  shippingNow: boolean;
  setConditionForAll: (condition: string) => void;
  submitReturn: () => Promise<void>;
  submitShippingLabel: () => Promise<void>;
}

/**
 * The actions, kept in view at the bottom of the screen while the lists scroll (a long list on
 * a tablet): what is checked, one condition for all of it, Return and Print shipping label.
 */
/** 'Print shipping label' without its first word (shown apart, hidden on phones). */
function phoneFriendly(label: string): string {
  return label.replace(/^Print /, '');
}

export function RentalActionBar({
  desk,
  conditions,
}: {
  desk: DeskActions;
  /** The store's condition names, for "one condition for all". */
  conditions: readonly string[];
}) {
  const count = desk.selection.checked.length;
  const outstandingCount = checkedOutstanding(desk.selection, desk.lists).length;
  return (
    <Paper
      elevation={count > 0 ? 6 : 0}
      variant={count > 0 ? 'elevation' : 'outlined'}
      sx={{
        // Kept in view while something is checked; otherwise it stays at the end of the lists.
        position: count > 0 ? 'sticky' : 'static',
        bottom: { xs: 8, sm: 16 },
        zIndex: 2,
        p: { xs: 1.5, sm: 2 },
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Typography sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
        {count === 0 ? 'Nothing checked' : `${count} checked`}
      </Typography>
      {count > 1 && (
        <TextField
          select
          size="small"
          label={M.conditionForAll}
          value=""
          onChange={(event) => desk.setConditionForAll(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: '12rem', flex: { xs: 1, sm: 'none' } }}
        >
          <ConditionOptions conditions={conditions} />
        </TextField>
      )}
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          width: { xs: '100%', sm: 'auto' },
          // On a phone both buttons share one row: no icons, tighter padding.
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          '& .MuiButton-root': { px: { xs: 1, sm: 2.5 }, lineHeight: 1.3 },
        }}
      >
        <Button
          variant="outlined"
          size="large"
          startIcon={
            desk.shippingNow ? <CircularProgress size={18} aria-hidden /> : <LocalShippingIcon />
          }
          disabled={desk.busy}
          onClick={() => void desk.submitShippingLabel()}
          // The same name at every width (phones hide the first word).
          aria-label={
            desk.shippingNow
              ? M.printing
              : `${M.printButton}${outstandingCount > 0 ? ` (${outstandingCount})` : ''}`
          }
          sx={{ minHeight: 48, flex: { xs: 1, sm: 'none' } }}
        >
          {desk.shippingNow ? (
            M.printing
          ) : (
            // One span: the button is a flex box, which drops the space after a flex item.
            <span>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                Print{' '}
              </Box>
              {phoneFriendly(M.printButton)}
              {outstandingCount > 0 && ` (${outstandingCount})`}
            </span>
          )}
        </Button>
        <Button
          variant="contained"
          size="large"
          startIcon={
            desk.returningNow ? (
              <CircularProgress size={18} color="inherit" aria-hidden />
            ) : (
              <AssignmentReturnIcon />
            )
          }
          disabled={desk.busy}
          onClick={() => void desk.submitReturn()}
          sx={{ minHeight: 48, minWidth: '10rem', flex: { xs: 1, sm: 'none' } }}
        >
          {desk.returningNow ? M.returning : M.returnButton(count)}
        </Button>
      </Box>
    </Paper>
  );
}
