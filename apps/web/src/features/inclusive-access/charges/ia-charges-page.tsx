import { Link as RouterLink, useParams } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortTermName } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useChargeFiles } from '../api/charge-queries.ts';
import { ChargeFilesPanel } from './charge-files-panel.tsx';
import { ChargeLayoutEditor } from './charge-layout-editor.tsx';

export const CHARGES_PAGE_TITLE = 'Charge files';

/**
 * A term's charge files (issue 32, point 4): the files with their downloads and "Create charge
 * file", and the store's file layout. The term's inclusive access page may show
 * ChargeFilesPanel itself; this page is its own route for a link from there.
 */
export function IaChargesPage() {
  const termId = Number(useParams().termId);
  // The same answer the panel shows (one request): the page names its term.
  const term = useChargeFiles(termId).data?.term;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <div>
        <Link component={RouterLink} to={`/inclusive-access/terms/${termId}`}>
          Back to the term’s programs
        </Link>
        <PageHeading>{CHARGES_PAGE_TITLE}</PageHeading>
        {term && (
          // The stored name repeats the division ("Spring 2027 - Main Campus"): the short one.
          <Typography>
            {shortTermName(term.termName)}, {term.divisionName}
            {term.optOutDeadline && ` · opt-out deadline ${formatDisplayDate(term.optOutDeadline)}`}
            {term.refundUntil && ` · drops credited until ${formatDisplayDate(term.refundUntil)}`}
          </Typography>
        )}
      </div>
      <Card component="section" aria-labelledby="charge-files-heading" variant="outlined">
        <CardContent>
          <Typography id="charge-files-heading" component="h2" variant="h6" gutterBottom>
            The term’s files
          </Typography>
          <ChargeFilesPanel termId={termId} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="charge-layout-heading" variant="outlined">
        <CardContent>
          <Typography id="charge-layout-heading" component="h2" variant="h6" gutterBottom>
            File layout (the store’s)
          </Typography>
          <ChargeLayoutEditor />
        </CardContent>
      </Card>
    </Stack>
  );
}
