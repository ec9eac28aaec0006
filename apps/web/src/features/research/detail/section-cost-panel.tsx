import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  COST_DESIGNATION_LABELS,
  getSectionCost,
  type CostDesignation,
  type DesignationOverrideEntry,
  type SectionCost,
} from '@csp/contracts';
import { CostChip } from '../../../components/cost-designation-chip.tsx';
import { DefinitionGrid, LABELLED_FACTS } from '../../../components/definition-grid.tsx';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { useCallerQuery } from '../../../lib/contract-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { costRangeText } from '../../../lib/money.ts';
import { DesignationOverrideDialog } from './designation-override-dialog.tsx';

/** The designation in words: the chip for ZTC and LTC, plain words for none. */
function Designation({ designation }: { designation: CostDesignation }) {
  return designation === 'NONE' ? (
    <>{COST_DESIGNATION_LABELS.NONE}</>
  ) : (
    <CostChip designation={designation} />
  );
}

const FACT_COLUMNS = {
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
};

function Facts({ cost }: { cost: SectionCost }) {
  const facts: [string, ReactNode][] = [
    ['Designation', <Designation key="d" designation={cost.designation} />],
    ['Required cost', costRangeText(cost.lowCents, cost.highCents) ?? 'Unknown'],
  ];
  // ZTC has no reason: nothing made it cost anything.
  if (cost.reason) facts.push(['Reason', cost.reason]);
  if (cost.override)
    facts.push([
      'Store override',
      `${COST_DESIGNATION_LABELS[cost.override]} (by its materials: ${COST_DESIGNATION_LABELS[cost.keptDesignation].toLowerCase()})`,
    ]);
  return (
    <DefinitionGrid sx={[LABELLED_FACTS, FACT_COLUMNS]}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </DefinitionGrid>
  );
}

/** "Set to Low textbook cost", "Cleared": what one entry of the history did. */
export function overrideActionText(entry: DesignationOverrideEntry): string {
  return entry.action === 'CLEARED' || entry.designation === null
    ? 'Cleared'
    : `Set to ${COST_DESIGNATION_LABELS[entry.designation]}`;
}

function History({ history }: { history: readonly DesignationOverrideEntry[] }) {
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
        Override history
      </Typography>
      {history.length === 0 ? (
        <Typography color="text.secondary">The store has not overridden this section.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.map((entry) => (
            <Box component="li" key={entry.id} sx={{ py: 0.75, overflowWrap: 'anywhere' }}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {overrideActionText(entry)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {' · '}
                {entry.actor ? entry.actor.name || entry.actor.userName : 'Unknown user'} ·{' '}
                {formatDateTime(entry.at)}
              </Typography>
              <Typography variant="body2">{entry.reason}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * A section's textbook cost (issue 31, docs/behaviour/flows.md#cost-transparency): what its
 * required materials cost, its designation and why, the store's override and its history. The
 * course materials team (ADOPT_CMA_TEAM) may override it; the button follows the server's
 * mayOverride, the check the override itself makes, since a team member's grant may leave out
 * this section's department though the session holds the action.
 */
export function SectionCostPanel({ sectionId }: { sectionId: number }) {
  const query = useCallerQuery(getSectionCost, { query: { sectionId } });
  const [editing, setEditing] = useState(false);
  // A caller the server refuses the figures (no VIEW_SECTION here) just does not see the panel.
  if (query.isError && failureStatus(query.error) === 403) return null;
  const aside = query.data?.mayOverride ? (
    <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
      Override designation
    </Button>
  ) : undefined;
  return (
    <PanelSection title="Textbook cost" aside={aside}>
      {query.isPending ? (
        <PanelLoading what="the textbook cost" />
      ) : query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()}>
          Could not load the textbook cost: {query.error.message}
        </LoadFailure>
      ) : (
        <>
          <Facts cost={query.data} />
          <History history={query.data.history} />
          {editing && (
            <DesignationOverrideDialog cost={query.data} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </PanelSection>
  );
}
