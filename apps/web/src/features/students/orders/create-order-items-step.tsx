import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FULFILLMENT_TYPE_LABELS, type FulfillmentType, type OrderableItem } from '@csp/contracts';
import {
  chooseFulfillment,
  chosenItems,
  fulfillmentOf,
  itemKey,
  sameTitleChosen,
  selectionSubtotal,
  toggleItem,
  type DivisionPreferences,
  type OrderSelection,
} from './create-order-draft.ts';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { formatMoney } from './money-format.ts';

interface ItemsStepProps {
  items: readonly OrderableItem[];
  selection: OrderSelection;
  preferences: DivisionPreferences;
  onChange: (selection: OrderSelection) => void;
}

/**
 * Step 1: each material the student still needs, a check box to order it and how to have it
 * (rent or buy, new or used, digital) at the store's price. The student's preference for the
 * division is chosen to begin with, else the cheapest way.
 */
export function CreateOrderItemsStep({ items, selection, preferences, onChange }: ItemsStepProps) {
  const chosen = chosenItems(items, selection).length;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <ItemChoice
            key={itemKey(item)}
            item={item}
            items={items}
            selection={selection}
            preferences={preferences}
            onChange={onChange}
          />
        ))}
      </Box>
      <Typography role="status" sx={{ mt: 1.5, fontWeight: 500 }}>
        {chosen === 0
          ? 'No items chosen yet.'
          : `${chosen} ${chosen === 1 ? 'item' : 'items'} chosen: ${formatMoney(
              selectionSubtotal(items, selection, preferences),
            )} before tax and shipping.`}
      </Typography>
    </>
  );
}

function ItemChoice({
  item,
  items,
  selection,
  preferences,
  onChange,
}: ItemsStepProps & { item: OrderableItem }) {
  const titleId = useId();
  const detailsId = useId();
  const blockedId = useId();
  const key = itemKey(item);
  const checked = selection.checked.includes(key);
  const blocker = checked ? null : sameTitleChosen(items, selection, item);
  const fulfillment = fulfillmentOf(item, selection, preferences);
  const facts = [
    `${item.courseCode} section ${item.sectionCode}`,
    item.termName,
    `ISBN ${item.isbn}`,
    item.author,
    item.edition && `Edition: ${item.edition}`,
    item.required ? 'Required' : 'Optional',
  ].filter(Boolean);
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box
        role="group"
        aria-labelledby={titleId}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
          py: 1,
        }}
      >
        <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                checked={checked}
                disabled={blocker !== null}
                onChange={(event) => onChange(toggleItem(selection, item, event.target.checked))}
                slotProps={{
                  input: {
                    'aria-describedby': blocker ? `${detailsId} ${blockedId}` : detailsId,
                  },
                }}
                sx={{ mt: -0.75 }}
              />
            }
            label={
              <Typography id={titleId} component="span" sx={{ fontWeight: 500 }}>
                {item.title}
              </Typography>
            }
          />
          <Typography
            id={detailsId}
            variant="body2"
            color="text.secondary"
            sx={{ pl: 4, overflowWrap: 'anywhere' }}
          >
            {facts.join(' · ')}
          </Typography>
          {blocker && (
            <Typography id={blockedId} variant="body2" sx={{ pl: 4 }}>
              {M.sameTitle(blocker)}
            </Typography>
          )}
        </Box>
        <TextField
          select
          size="small"
          label="Fulfilment"
          value={fulfillment ?? ''}
          disabled={blocker !== null}
          onChange={(event) =>
            onChange(chooseFulfillment(selection, item, event.target.value as FulfillmentType))
          }
          slotProps={{ select: { native: true } }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 15rem' } }}
        >
          {item.options.map((option) => (
            <option key={option.fulfillmentType} value={option.fulfillmentType}>
              {FULFILLMENT_TYPE_LABELS[option.fulfillmentType]} — {formatMoney(option.priceCents)}
            </option>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
