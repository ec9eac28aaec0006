import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { COST_REPORT_PATH, TEXTBOOK_LIST_PATH } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import type { SetUrlStateOptions } from '../../../lib/url-state.ts';
import { SectionFilters } from '../list/section-filters.tsx';
import { SectionResults } from '../list/section-results.tsx';
import {
  CLEARED_FILTERS,
  FIRST_PAGE,
  useSectionView,
  type SectionView,
} from '../list/section-url-state.ts';

/**
 * /research (docs/behaviour/routes-and-guard.md): "is every section of this term ready?" Filters, a server-sorted list
 * paged by keyset cursors, twenty to a page; everything in the URL, so a view is a link.
 */
export function SectionResearchPage() {
  const theme = useTheme();
  const narrowFilters = !useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // How many columns fit beside the drawer: see GridLayout.
  const roomy = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const medium = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const mayReport = useSession().actions.includes('VIEW_SECTION');
  const [view, setView] = useSectionView();
  // A filter changes which sections exist: back to the first page, its cursors dropped.
  const changeFilters = (patch: Partial<SectionView>, options?: SetUrlStateOptions) =>
    setView({ ...patch, ...FIRST_PAGE }, options);

  return (
    <Stack spacing={2.5}>
      <PageHeading>Section Research</PageHeading>
      {/* The reports over the same sections: the public list students see, and the staff's
          cost report by department (no drawer items of their own; its route asks for
          VIEW_SECTION, this page only for a sign-in). */}
      <Stack
        component="nav"
        aria-label="Textbook reports"
        direction="row"
        sx={{ gap: 3, flexWrap: 'wrap' }}
      >
        <Link component={RouterLink} to={TEXTBOOK_LIST_PATH}>
          Public textbook list
        </Link>
        {mayReport && (
          <Link component={RouterLink} to={COST_REPORT_PATH}>
            Textbook cost report
          </Link>
        )}
      </Stack>
      <SectionFilters view={view} onChange={changeFilters} narrow={narrowFilters} />
      <SectionResults
        view={view}
        onChange={setView}
        onClearFilters={() => changeFilters(CLEARED_FILTERS)}
        layout={phone ? 'cards' : roomy ? 'wide' : medium ? 'medium' : 'compact'}
      />
    </Stack>
  );
}
