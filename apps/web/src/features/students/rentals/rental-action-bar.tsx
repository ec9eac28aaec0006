import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { ConditionOptions } from './rental-row.tsx';
import {
  checkedOutstanding,
  commonCondition,
  type RentalLists,
  type SelectionState,
} from './rental-selection.ts';

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

/** 'Print shipping label' without its first word (shown apart, hidden on phones). */
function phoneFriendly(label: string): string {
  return label.replace(/^Print /, '');
}

/**
 * The actions, kept in view at the bottom of the screen while the lists scroll (a long list on
 * a tablet): what is checked, one condition for all of it, Return and Print shipping label.
 */
export function RentalActionBar({
  desk,
  conditions,
}: {
  desk: DeskActions;
  /** The store's condition names, for "one condition for all". */
  conditions: readonly string[];
}) {
  const theme = useTheme();
  // On a phone the bar wraps to about 140 px, a fifth of the screen: kept in view it would hide
  // the rows under it (and the row a scan brings into view), so there it stays after the lists.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const whyId = useId();
  const count = desk.selection.checked.length;
  const floating = count > 0 && !phone;
  const why = whyNoLabel(desk);
  return (
    <Paper
      elevation={floating ? 6 : 0}
      variant={floating ? 'elevation' : 'outlined'}
      data-testid="rental-action-bar"
      sx={{
        // Kept in view while something is checked; otherwise it stays at the end of the lists.
        position: floating ? 'sticky' : 'static',
        bottom: 16,
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
        <ConditionForAll
          selection={desk.selection}
          conditions={conditions}
          onChange={desk.setConditionForAll}
        />
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
        <PrintLabelButton desk={desk} reasonId={why ? whyId : undefined} />
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
      {why && (
        <Typography id={whyId} variant="body2" sx={{ flexBasis: '100%' }}>
          {why}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * One condition for every checked rental. It shows the condition they all have (the one just
 * applied, until a row is changed or another rental checked), so the clerk sees it took; when
 * they differ it asks again.
 */
function ConditionForAll(props: {
  selection: SelectionState;
  conditions: readonly string[];
  onChange: (condition: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={M.conditionForAll}
      value={commonCondition(props.selection)}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: '12rem', flex: { xs: 1, sm: 'none' } }}
    >
      <ConditionOptions conditions={props.conditions} />
    </TextField>
  );
}

/** Why no label can be printed now, or null when it can (for checked outstanding rentals). */
function whyNoLabel(desk: DeskActions): string | null {
  if (checkedOutstanding(desk.selection, desk.lists).length > 0) return null;
  return desk.selection.checked.length === 0 ? M.noneChecked : M.noOutstandingChecked;
}

/**
 * Without checked outstanding rentals the button is disabled, not silent: the bar says why
 * under it, and the button names that text as its description for a screen reader.
 */
function PrintLabelButton({
  desk,
  reasonId,
}: {
  desk: DeskActions;
  /** The id of the text saying why no label can be printed; absent when one can. */
  reasonId?: string;
}) {
  const outstandingCount = checkedOutstanding(desk.selection, desk.lists).length;
  return (
    <Button
      variant="outlined"
      size="large"
      startIcon={
        desk.shippingNow ? <CircularProgress size={18} aria-hidden /> : <LocalShippingIcon />
      }
      disabled={desk.busy || reasonId !== undefined}
      aria-describedby={reasonId}
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
  );
}
