import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A label, its amount already formatted, and whether it is the line that counts (the total). */
export type MoneyLine = [label: string, amount: string, strong?: boolean];

/**
 * Amounts as a label/value list: a column of figures (a preview, read before paying), or
 * `inline` on one wrapping line (a history, scanned order after order).
 */
export function MoneyLines({ lines, inline }: { lines: readonly MoneyLine[]; inline?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' },
        ...(inline
          ? {
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: { sm: 'flex-end' },
              columnGap: 2.5,
              rowGap: 0.25,
            }
          : {
              display: 'grid',
              gridTemplateColumns: 'auto auto',
              columnGap: 3,
              rowGap: 0.25,
              minWidth: { sm: '14rem' },
              '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
            }),
      }}
    >
      {lines.map(([label, value, strong]) => (
        <Box
          key={label}
          sx={{
            display: inline ? 'flex' : 'contents',
            gap: 0.75,
            '& > *': { fontWeight: strong ? 700 : 400 },
          }}
        >
          <Typography component="dt" sx={{ color: strong ? 'text.primary' : 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd">{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
