import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RentalItem } from '@csp/contracts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { formatDisplayDate, toApiDate } from '../../../lib/dates.ts';
import type { CheckedRental } from './rental-selection.ts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';

export interface RentalRowProps {
  item: RentalItem;
  /** Null for a read-only list (no RETURN_RENTALS). */
  selectable: boolean;
  checked: CheckedRental | undefined;
  /** Its place in the check order (1-based), shown so the clerk sees the return order. */
  position: number | undefined;
  conditions: readonly string[];
  /** Just scanned or preselected: highlighted until the next one. */
  highlighted: boolean;
  conditionError: boolean;
  onToggle: (item: RentalItem, byPointer: boolean) => void;
  onCondition: (transItemId: number, condition: string) => void;
}

/** Due today or earlier: shown in bold red, the clerk may mention it. */
function isOverdue(dueDate: string): boolean {
  return dueDate < toApiDate(new Date());
}

/**
 * One rental: a large check box whose label is the whole row (a tap anywhere checks it), and,
 * once checked, the condition picker beside it.
 */
export function RentalRow(props: RentalRowProps) {
  const { item, checked } = props;
  const textId = useId();
  // A tap on the row checks it and hands the focus back to the scan field; a keyboard user's
  // Space keeps the focus where it is.
  const byPointer = useRef(false);
  return (
    <Box
      component="li"
      data-trans-item-id={item.transItemId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        px: { xs: 0.5, sm: 1 },
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: props.highlighted
          ? 'success.main'
          : checked
            ? 'primary.main'
            : 'transparent',
        bgcolor: props.highlighted ? '#e8f5e9' : checked ? 'action.selected' : 'transparent',
        transition: 'background-color 300ms',
        // Above phones the action bar floats over the screen's bottom (rental-action-bar.tsx):
        // a scanned row brought into view stops above it, not under it.
        scrollMarginBottom: { xs: 0, sm: 160 },
      }}
    >
      <Box
        component={props.selectable ? 'label' : 'div'}
        sx={{
          flex: '1 1 20rem',
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          cursor: props.selectable ? 'pointer' : 'default',
          minHeight: 56,
        }}
        onPointerDown={() => (byPointer.current = true)}
      >
        {props.selectable && (
          <Checkbox
            checked={checked !== undefined}
            onChange={() => {
              props.onToggle(item, byPointer.current);
              byPointer.current = false;
            }}
            slotProps={{
              input: {
                'aria-label': `${item.title} (${item.serialItemRefNum})`,
                'aria-describedby': textId,
              },
            }}
            sx={{ '& .MuiSvgIcon-root': { fontSize: 32 } }}
          />
        )}
        <Box id={textId} sx={{ minWidth: 0, pl: props.selectable ? 0 : 1.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {props.position !== undefined && <CheckPosition position={props.position} />}
            {item.title}
          </Typography>
          <RentalFacts item={item} />
        </Box>
      </Box>
      {props.selectable && checked && (
        <ConditionPicker
          item={item}
          condition={checked.condition}
          conditions={props.conditions}
          error={props.conditionError}
          onCondition={props.onCondition}
        />
      )}
    </Box>
  );
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

/** The row's place in the check order, as a badge before the title. */
function CheckPosition({ position }: { position: number }) {
  return (
    <Box
      component="span"
      data-check-position={position}
      sx={{
        display: 'inline-block',
        minWidth: 24,
        mr: 1,
        px: 0.75,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        textAlign: 'center',
        fontSize: '0.85rem',
      }}
    >
      <span aria-hidden>{position}</span>
      <VisuallyHidden>Checked {ordinal(position)}: </VisuallyHidden>
    </Box>
  );
}

/** Serial, ISBN, due date (overdue in bold red) and label under the title. */
function RentalFacts({ item }: { item: RentalItem }) {
  const overdue = isOverdue(item.dueDate);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      Serial{' '}
      <Box component="strong" sx={{ color: 'text.primary' }}>
        {item.serialItemRefNum}
      </Box>
      {' · '}ISBN {item.isbn}
      {' · '}
      <Box component="span" sx={overdue ? { color: 'error.dark', fontWeight: 700 } : undefined}>
        {overdue ? 'Overdue since' : 'Due'} {formatDisplayDate(item.dueDate)}
      </Box>
      {item.serialItemLabel && <> · Label {item.serialItemLabel}</>}
    </Typography>
  );
}

interface ConditionPickerProps {
  item: RentalItem;
  condition: string;
  conditions: readonly string[];
  error: boolean;
  onCondition: (transItemId: number, condition: string) => void;
}

/** The condition a checked rental is returned in. */
function ConditionPicker({
  item,
  condition,
  conditions,
  error,
  onCondition,
}: ConditionPickerProps) {
  return (
    <TextField
      select
      size="small"
      label={M.conditionLabel}
      value={condition}
      onChange={(event) => onCondition(item.transItemId, event.target.value)}
      error={error}
      helperText={error ? 'Required' : undefined}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': `Condition of ${item.title} (${item.serialItemRefNum})` },
        inputLabel: { shrink: true },
      }}
      sx={{
        flex: '0 0 12rem',
        ml: { xs: 6, sm: 0 },
        '& select': { minHeight: 28 },
        // The palette's error red is short of 4.5:1 on the checked row's tint.
        '& .MuiFormLabel-root.Mui-error, & .MuiFormHelperText-root.Mui-error': {
          color: 'error.dark',
        },
      }}
    >
      <ConditionOptions conditions={conditions} />
    </TextField>
  );
}

/** A condition select's choices: the placeholder, then the store's conditions. */
export function ConditionOptions({ conditions }: { conditions: readonly string[] }) {
  return (
    <>
      <option value="" disabled>
        {M.conditionPlaceholder}
      </option>
      {conditions.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
