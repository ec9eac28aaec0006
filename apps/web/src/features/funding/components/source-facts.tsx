import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  FUNDING_KIND_LABELS,
  FUNDING_SCOPE_LABELS,
  FUNDING_SPENDING_LABELS,
  UNSPENT_POLICY_LABELS,
  formatMoney,
  type FundingSource,
} from '@csp/contracts';
import { termsText, windowText } from '../funding-format.ts';
import { count } from '../../../lib/format.ts';
import { DefinitionGrid } from '../../../components/definition-grid.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What a source is: its kind, terms and window, and (in full) its rules. */
export function SourceFacts({ source, full = false }: { source: FundingSource; full?: boolean }) {
  return (
    <DefinitionGrid
      sx={{
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.25,
      }}
    >
      <Fact label="Kind" value={FUNDING_KIND_LABELS[source.kind]} />
      <Fact label="Terms" value={termsText(source)} />
      <Fact label="Charge window" value={windowText(source)} />
      <Fact label="Allowances" value={count(source.figures.allowanceCount)} />
      {full && (
        <>
          <Fact
            label="Per-student cap"
            value={
              source.perStudentCapCents === null ? 'No cap' : formatMoney(source.perStudentCapCents)
            }
          />
          <Fact label="Pays for" value={FUNDING_SCOPE_LABELS[source.scope]} />
          <Fact
            label="Spending"
            value={source.spending.map((s) => FUNDING_SPENDING_LABELS[s]).join(', ')}
          />
          <Fact label="Unspent balance" value={UNSPENT_POLICY_LABELS[source.unspentPolicy]} />
          {source.promotion && (
            <Fact
              label="Promotion code"
              value={`${source.promotion.code}: ${formatMoney(source.promotion.amountCents)} each, used ${count(source.promotion.uses)} of ${count(source.promotion.useLimit)}`}
            />
          )}
        </>
      )}
    </DefinitionGrid>
  );
}
