import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MetricsDivision, MetricsTerm } from '@csp/contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { AdoptionProgressCard } from '../cards/adoption-progress-card.tsx';
import { FulfilmentCard } from '../cards/fulfilment-card.tsx';
import { MarketShareCard } from '../cards/market-share-card.tsx';
import { OnTimeCard } from '../cards/on-time-card.tsx';
import { OrderTypesCard } from '../cards/order-types-card.tsx';
import { StudentPreferencesCard } from '../cards/student-preferences-card.tsx';
import { METRICS_TEXT as T } from '../metrics-messages.ts';

interface DivisionPanelProps {
  division: MetricsDivision;
  term: MetricsTerm | null;
  onTermChange: (termId: number) => void;
}

/** A division's term picker and its metric cards, which stack in one column on a phone. */
export function DivisionPanel({ division, term, onTermChange }: DivisionPanelProps) {
  if (!term) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {T.noTerms}
      </Alert>
    );
  }
  const input = { divisionId: division.divisionId, termId: term.termId };

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <FilterSelect
            label={T.termLabel}
            value={String(term.termId)}
            options={division.terms.map((t) => ({ value: String(t.termId), label: t.termName }))}
            onChange={(value) => onTermChange(Number(value))}
          />
        </Box>
        <Typography color="text.secondary">
          {formatDisplayDate(term.startDate)} – {formatDisplayDate(term.endDate)}
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {/* A tab is a division the caller reports on, and the server answers its progress to
            its full reporters as well as to its adopters. */}
        <AdoptionProgressCard divisionId={division.divisionId} term={term} />
        <FulfilmentCard input={input} term={term} />
        {division.canViewOnTime && <OnTimeCard input={input} term={term} />}
        <OrderTypesCard input={input} term={term} />
        <MarketShareCard input={input} term={term} />
        <StudentPreferencesCard division={division} />
      </Box>
    </Stack>
  );
}
