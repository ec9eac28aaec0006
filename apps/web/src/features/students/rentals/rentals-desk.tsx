import { useId, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../platform/session/session-context.tsx';
import { LabelPrintNote, PRINT_MESSAGES, PrinterPanelButton } from '../../print/index.ts';
import { InTransitList, OutstandingList, type RowHandlers } from './rental-lists.tsx';
import { listState } from './rental-list-section.tsx';
import { RentalActionBar } from './rental-action-bar.tsx';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { BlockedLabels, RentalOutcome } from './rental-outcome.tsx';
import { ScanField } from './scan-field.tsx';
import {
  useInTransitRentals,
  useMarketplaceConditions,
  useOutstandingRentals,
  useReloadRentals,
} from './rental-queries.ts';
import { stillMissing, type RentalLists } from './rental-selection.ts';
import { useDeskOutcome } from './rental-desk-outcome.ts';
import { useRentalSelection } from './use-rental-selection.ts';
import { useReturnAction } from './use-return-action.ts';
import { useShippingLabelAction } from './use-shipping-label-action.ts';
import { PermissionCodeHint } from '../../../components/permission-code-hint.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';

/**
 * The rentals of the student screen (docs/behaviour/routes-and-guard.md): the scan field, the outstanding and in-transit
 * lists with check boxes and conditions, and the return and shipping-label actions. Without
 * RETURN_RENTALS the lists are shown read-only (the server refuses the actions anyway).
 */
export function RentalsDesk({
  customerId,
  returnSerial,
}: {
  customerId: number;
  returnSerial: string | null;
}) {
  const headingId = useId();
  const mayReturn = useSession().actions.includes('RETURN_RENTALS');
  const desk = useRentalDesk(customerId, mayReturn ? returnSerial : null);
  const conditionNames = (desk.conditions.data?.market_conditions ?? []).map((c) => c.name);
  const handlers: RowHandlers = {
    selectable: mayReturn,
    selection: desk.selection,
    conditions: conditionNames,
    highlighted: desk.highlighted,
    conditionErrors: desk.conditionErrors,
    onToggle: desk.toggle,
    onCondition: desk.setCondition,
  };
  const transitCount = desk.lists.inTransit.reduce((n, g) => n + g.transItems.length, 0);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography id={headingId} component="h2" variant="h5">
            Rentals
          </Typography>
          {mayReturn && <PrinterPanelButton />}
        </Stack>
        {mayReturn ? (
          <ScanField inputRef={desk.scanRef} onScan={desk.scan} feedback={desk.feedback} />
        ) : (
          <Alert severity="info">
            {M.mayNotReturn}
            <PermissionCodeHint action="RETURN_RENTALS" />
          </Alert>
        )}
        {mayReturn && desk.conditions.isError && (
          <LoadFailure onRetry={() => void desk.conditions.refetch()}>
            {M.conditionsFailed}: {desk.conditions.error.message}
          </LoadFailure>
        )}
        <RentalOutcome outcome={desk.outcome} />
        <LabelPrintNote
          printing={desk.labels}
          action={<PrinterPanelButton size="small" label={PRINT_MESSAGES.checkPrinters} />}
        />
        <BlockedLabels links={desk.blocked} onDismiss={desk.dismissBlocked} />
        <OutstandingList
          items={desk.outstanding.data?.rentalListDTO}
          state={listState(desk.outstanding, desk.lists.outstanding.length)}
          handlers={handlers}
        />
        <InTransitList
          groups={desk.inTransit.data}
          state={listState(desk.inTransit, transitCount)}
          handlers={handlers}
        />
        {mayReturn && <RentalActionBar desk={desk} conditions={conditionNames} />}
      </Stack>
    </Paper>
  );
}

/**
 * The state of the counter for one student: both rental lists, what is checked (in check
 * order) with its conditions, the scan and its feedback, and the return and shipping-label
 * actions with their outcome (docs/behaviour/flows.md).
 */
function useRentalDesk(customerId: number, returnSerial: string | null) {
  const outstanding = useOutstandingRentals(customerId);
  const inTransit = useInTransitRentals(customerId);
  const conditions = useMarketplaceConditions();
  const reload = useReloadRentals();

  const lists = useMemo<RentalLists>(
    () => ({
      outstanding: outstanding.data?.rentalListDTO ?? [],
      inTransit: inTransit.data ?? [],
    }),
    [outstanding.data, inTransit.data],
  );
  const loaded = outstanding.isSuccess && inTransit.isSuccess;

  const picking = useRentalSelection(lists, loaded, returnSerial);
  const results = useDeskOutcome();
  const context = { customerId, lists, picking, results, reload };
  const { submitReturn, returningNow } = useReturnAction(context);
  const { submitShippingLabel, shippingNow } = useShippingLabelAction(context);
  // A refused return's "choose a condition" follows the rows it flagged: its count drops as
  // conditions are chosen (or rows unchecked), and it goes once none is missing.
  const missing = stillMissing(picking.selection, picking.conditionErrors).length;

  return {
    outstanding,
    inTransit,
    conditions,
    lists,
    selection: picking.selection,
    highlighted: picking.cue.highlighted,
    feedback: picking.cue.feedback,
    conditionErrors: picking.conditionErrors,
    outcome:
      missing > 0
        ? { success: null, failed: [], error: M.missingConditions(missing) }
        : results.outcome,
    blocked: results.blocked,
    labels: results.labels,
    scanRef: picking.scanRef,
    busy: returningNow || shippingNow,
    returningNow,
    shippingNow,
    scan: picking.scan,
    toggle: picking.toggle,
    setCondition: picking.setCondition,
    setConditionForAll: picking.setConditionForAll,
    submitReturn,
    submitShippingLabel,
    dismissBlocked: () => results.setBlocked([]),
  };
}
