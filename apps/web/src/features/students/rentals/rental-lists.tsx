import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { InTransitGroup, RentalItem } from '@csp/contracts';
import { RentalRow } from './rental-row.tsx';
import { RentalListSection, type ListState } from './rental-list-section.tsx';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { checkOrder, type SelectionState } from './rental-selection.ts';

export interface RowHandlers {
  selectable: boolean;
  selection: SelectionState;
  conditions: readonly string[];
  highlighted: number | null;
  conditionErrors: ReadonlySet<number>;
  onToggle: (item: RentalItem, byPointer: boolean) => void;
  onCondition: (transItemId: number, condition: string) => void;
}

function Rows({ items, h }: { items: readonly RentalItem[]; h: RowHandlers }) {
  const order = checkOrder(h.selection);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const index = order.findIndex((c) => c.transItemId === item.transItemId);
        return (
          <RentalRow
            key={item.transItemId}
            item={item}
            selectable={h.selectable}
            checked={order[index]}
            position={index >= 0 ? index + 1 : undefined}
            conditions={h.conditions}
            highlighted={h.highlighted === item.transItemId}
            conditionError={h.conditionErrors.has(item.transItemId)}
            onToggle={h.onToggle}
            onCondition={h.onCondition}
          />
        );
      })}
    </Box>
  );
}

export function OutstandingList(props: {
  items: readonly RentalItem[] | undefined;
  state: ListState;
  handlers: RowHandlers;
}) {
  return (
    <RentalListSection
      title={M.outstandingTitle}
      what="the outstanding rentals"
      count={props.items?.length}
      state={props.state}
      emptyText={M.outstandingEmpty}
    >
      <Rows items={props.items ?? []} h={props.handlers} />
    </RentalListSection>
  );
}

/** docs/behaviour/entities.md#in-transit-group: the items of one order on their way back under one label. */
export function InTransitList(props: {
  groups: readonly InTransitGroup[] | undefined;
  state: ListState;
  handlers: RowHandlers;
}) {
  const count = props.groups?.reduce((n, g) => n + g.transItems.length, 0);
  return (
    <RentalListSection
      title={M.inTransitTitle}
      what="the rentals in transit"
      count={count}
      state={props.state}
      emptyText={M.inTransitEmpty}
    >
      <Stack spacing={1.5}>
        {(props.groups ?? []).map((group) => (
          <TransitGroup key={group.transId} group={group} handlers={props.handlers} />
        ))}
      </Stack>
    </RentalListSection>
  );
}

function TransitGroup({ group, handlers }: { group: InTransitGroup; handlers: RowHandlers }) {
  const first = group.transItems[0];
  const tracking = first?.trackingNumber;
  const reportUrl = group.transItems.find((i) => i.reportUrl)?.reportUrl;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack
        direction="row"
        sx={{
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 0.5,
          px: 1.5,
          py: 1,
          bgcolor: 'grey.100',
        }}
      >
        <Typography component="h4" variant="subtitle2">
          Order {group.transId}
          {tracking && (
            <>
              {' · '}Tracking{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }}>
                {tracking}
              </Box>
            </>
          )}
        </Typography>
        {reportUrl && (
          <Link
            href={reportUrl}
            target="_blank"
            rel="noopener"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 1, fontWeight: 500 }}
          >
            {M.printAgain}
            <OpenInNewIcon fontSize="small" aria-label="(opens in a new tab)" />
          </Link>
        )}
      </Stack>
      <Rows items={group.transItems} h={handlers} />
    </Box>
  );
}
