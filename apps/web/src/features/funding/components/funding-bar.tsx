import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type FundingFigures } from '@csp/contracts';

/**
 * Fixed colours rather than the website's brand palette, which may put two parts too close to
 * tell apart: each filled part is at least 3:1 against white, and a 1px white line separates
 * the parts, so every boundary is visible whatever the neighbours; the part not allocated is
 * the white of the bar itself, inside a dark outline.
 */
const TRACK = '#ffffff';
const OUTLINE = '#616161';
const COLORS = {
  spent: '#0d3c61',
  paidOut: '#8a4b00',
  balance: '#1976d2',
  remaining: TRACK,
} as const;

/**
 * The parts the budget is in, which add up to it: what orders spent, what was paid out to
 * students, the students' unspent balances, and what remains to allocate (expired balances
 * returned to the source are in it again).
 */
export function budgetParts(figures: FundingFigures) {
  return [
    { key: 'spent', label: 'Spent', cents: figures.spentCents, color: COLORS.spent },
    { key: 'paidOut', label: 'Paid out', cents: figures.paidOutCents, color: COLORS.paidOut },
    {
      key: 'balance',
      label: 'Unspent balances',
      cents: figures.balanceCents,
      color: COLORS.balance,
    },
    {
      key: 'remaining',
      label: 'Remaining',
      cents: figures.remainingCents,
      color: COLORS.remaining,
    },
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
          bgcolor: TRACK,
          border: `1px solid ${OUTLINE}`,
        }}
      >
        {parts
          .filter((part) => part.key !== 'remaining' && part.cents > 0)
          .map((part) => (
            <Box
              key={part.key}
              sx={{
                width: `${percent(part.cents, budget)}%`,
                bgcolor: part.color,
                boxSizing: 'border-box',
                borderRight: `1px solid ${TRACK}`,
              }}
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
                border: `1px solid ${OUTLINE}`,
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
