import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** Where the user is below Funding Management. */
export function FundingBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to="/funding-management">
        Funding Management
      </Link>
      <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
