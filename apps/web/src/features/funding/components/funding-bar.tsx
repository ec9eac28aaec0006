import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type FundingFigures } from '@csp/contracts';

/**
 * The parts the budget is in, which add up to it: what orders spent, what was paid out to
 * students, the students' unspent balances, and what is not allocated (expired balances
 * returned to the source are in it again).
 */
export function budgetParts(figures: FundingFigures) {
  return [
    { key: 'spent', label: 'Spent', cents: figures.spentCents, color: 'primary.dark' },
    { key: 'paidOut', label: 'Paid out', cents: figures.paidOutCents, color: 'secondary.dark' },
    {
      key: 'balance',
      label: 'Unspent balances',
      cents: figures.balanceCents,
      color: 'primary.light',
    },
    { key: 'remaining', label: 'Unallocated', cents: figures.remainingCents, color: 'grey.300' },
  ].filter((part) => part.key !== 'paidOut' || part.cents > 0);
}

/** "Budget $60,000.00 · Allocated $40,000.00 · Spent $12,000.00 · Remaining $20,000.00". */
export function figuresText(figures: FundingFigures): string {
  return [
    `Budget ${formatMoney(figures.budgetCents)}`,
    `Allocated ${formatMoney(figures.allocatedCents)}`,
    `Spent ${formatMoney(figures.spentCents)}`,
    `Remaining ${formatMoney(figures.remainingCents)}`,
  ].join(' · ');
}

const percent = (cents: number, budget: number) =>
  budget > 0 ? Math.max(0, Math.min(100, (cents / budget) * 100)) : 0;

/**
 * A source's budget as a stacked bar with its figures in words under it. The bar is one image
 * to a screen reader, named by what each part is; the words carry the amounts.
 */
export function FundingBar({ figures }: { figures: FundingFigures }) {
  const parts = budgetParts(figures);
  const budget = figures.budgetCents;
  const described = parts
    .map((part) => `${part.label} ${Math.round(percent(part.cents, budget))}%`)
    .join(', ');
  return (
    <Stack spacing={0.75}>
      <Box
        role="img"
        aria-label={`Budget used: ${described}`}
        sx={{
          display: 'flex',
          height: 12,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.300',
          border: 1,
          borderColor: 'grey.500',
        }}
      >
        {parts.map((part) => (
          <Box
            key={part.key}
            sx={{ width: `${percent(part.cents, budget)}%`, bgcolor: part.color }}
          />
        ))}
      </Box>
      <Typography variant="body2">{figuresText(figures)}</Typography>
      <Stack
        component="ul"
        direction="row"
        aria-label="Budget parts"
        sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {parts.map((part) => (
          <Stack
            component="li"
            key={part.key}
            direction="row"
            spacing={0.75}
            sx={{ alignItems: 'center' }}
          >
            <Box
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: 0.5,
                bgcolor: part.color,
                border: 1,
                borderColor: 'grey.500',
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {part.label} {formatMoney(part.cents)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
