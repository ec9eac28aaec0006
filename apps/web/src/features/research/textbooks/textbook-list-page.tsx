import { useMemo } from 'react';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TextbookTerm } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { toApiDate } from '../../../lib/dates.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { COST_FILTERS } from './cost-designation.tsx';
import { TermOverview } from './term-overview.tsx';
import { Loading } from './textbook-loading.tsx';
import { defaultTerm, useTextbookTerms } from './textbook-queries.ts';
import { TEXTBOOK_TEXT as T } from './textbook-messages.ts';

/**
 * `?term=` in the URL; 0 (left out) means the term under way or the next one. `?cost=` is the
 * sections' textbook cost filter, kept in the link like the term (it outlives a change of term).
 */
const VIEW_SCHEMA = z.object({
  term: z.coerce.number().int().nonnegative(),
  cost: z.enum(COST_FILTERS),
});
const VIEW_DEFAULTS = { term: 0, cost: 'ALL' as const };

/** The picker's name for a term: several divisions may share "Fall 2026". */
const termLabel = (t: TextbookTerm) => `${t.termName} (${t.divisionName})`;

/**
 * /textbooks: the public textbook list of this website's store (US HEOA), open with or without
 * a login. A term picker, the store's completeness, and each department folded until opened.
 */
export function TextbookListPage() {
  const [view, setView] = useUrlState(VIEW_SCHEMA, VIEW_DEFAULTS);
  const terms = useTextbookTerms();
  const today = useMemo(() => toApiDate(new Date()), []);
  const list = terms.data?.terms ?? [];
  // A term named in the URL is asked for as it is (the server says if it is not this store's).
  const termId = view.term > 0 ? view.term : (defaultTerm(list, today)?.termId ?? null);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, minWidth: 0 }}>
      <PageHeading>{T.title}</PageHeading>
      {terms.data && (
        <Typography variant="h6" component="p">
          {terms.data.storeName}
        </Typography>
      )}
      <Typography color="text.secondary">{T.intro}</Typography>
      {terms.isPending && <Loading label={T.loading} />}
      {terms.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void terms.refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.termsFailed}
        </Alert>
      )}
      {terms.data && list.length === 0 && <Alert severity="info">{T.noTerms}</Alert>}
      {terms.data && list.length > 0 && termId !== null && (
        <>
          <TextField
            select
            label={T.termLabel}
            value={list.some((t) => t.termId === termId) ? termId : ''}
            onChange={(event) => setView({ term: Number(event.target.value) })}
            sx={{ maxWidth: 360 }}
            fullWidth
          >
            {list.map((t) => (
              <MenuItem key={t.termId} value={t.termId}>
                {termLabel(t)}
              </MenuItem>
            ))}
          </TextField>
          <TermOverview
            termId={termId}
            costFilter={view.cost}
            onCostFilterChange={(cost) => setView({ cost })}
          />
        </>
      )}
    </Stack>
  );
}
