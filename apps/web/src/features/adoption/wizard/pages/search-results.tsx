import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MATERIAL_SEARCH_MAX_RESULTS,
  type MaterialSearchResult,
  type ResponseOf,
  type searchMaterials,
} from '@csp/contracts';
import { searchResultView } from '../material-summary.tsx';
import { MaterialPickItem } from '../material-pick-item.tsx';
import { WIZARD_MESSAGES as M } from '../wizard-messages.ts';
import type { SearchCriteria } from '../wizard-schemas.ts';
import { LoadFailure } from '../../../../components/load-failure.tsx';
import { MaterialKindChip } from '../../titles/material-kind-chip.tsx';

/** The server pages at most 50 pages deep; past that, narrow the search. */
const MAX_PAGE = 50;

interface SearchResultsProps {
  criteria: SearchCriteria | null;
  query: {
    data: ResponseOf<typeof searchMaterials> | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  /** The server refused a field, which says so itself: no second message here. */
  fieldRefused: boolean;
  onPick: (material: MaterialSearchResult) => void;
  onPage: (page: number) => void;
}

/**
 * The results: each one a button (title, author, edition, publisher, ISBN, and where it comes
 * from in words), paged. A failed search shows no results, only the spec's message (docs/behaviour/messages.md).
 */
export function SearchResults({
  criteria,
  query,
  fieldRefused,
  onPick,
  onPage,
}: SearchResultsProps) {
  if (!criteria) {
    return (
      <Typography color="text.secondary">
        Search by ISBN-13 or ISBN-10, or by words of the title or the author.
      </Typography>
    );
  }
  if (query.isError) {
    if (fieldRefused) return null;
    return <LoadFailure onRetry={() => void query.refetch()}>{M.searchFailed}</LoadFailure>;
  }
  if (query.isPending || !query.data) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Searching" />
        <Typography color="text.secondary">Searching…</Typography>
      </Stack>
    );
  }
  const { materials, recordCount, isbnMatch } = query.data;
  const pages = Math.min(MAX_PAGE, Math.ceil(recordCount / criteria.pageSize));
  const first = (criteria.page - 1) * criteria.pageSize + 1;
  return (
    <Box component="section" aria-label="Search results">
      <Typography role="status" variant="body2" sx={{ mb: 1 }}>
        {recordCount === 0
          ? `No materials match “${criteria.searchString}”.`
          : `${isbnMatch ? 'ISBN match: ' : ''}${recordCount}${recordCount >= MATERIAL_SEARCH_MAX_RESULTS ? ' or more' : ''} ${recordCount === 1 ? 'material' : 'materials'} found` +
            (pages > 1 ? `, showing ${first} to ${first + materials.length - 1}` : '') +
            (recordCount >= MATERIAL_SEARCH_MAX_RESULTS
              ? '. Add a word or a filter to narrow the search, or choose one.'
              : '. Choose one.')}
      </Typography>
      <List disablePadding>
        {materials.map((material) => {
          const view = searchResultView(material);
          return (
            <MaterialPickItem
              key={`${material.source}-${material.titleId ?? material.externalProductId}`}
              title={view.description}
              facts={view.facts.join(' · ')}
              // OER, library-licensed and free titles stand out (issue 31).
              marker={<MaterialKindChip kind={material.materialKind} />}
              onPick={() => onPick(material)}
            />
          );
        })}
      </List>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 1.5 }}
          count={pages}
          page={criteria.page}
          onChange={(_, page) => onPage(page)}
          siblingCount={0}
        />
      )}
    </Box>
  );
}
