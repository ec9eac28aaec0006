import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SearchSummaryProps {
  value: string;
  onClear: () => void;
}

/**
 * On phones the course search is the top bar's search button (docs/behaviour/routes-and-guard.md), so the page shows the
 * active search and a way to clear it rather than a second search field.
 */
export function SearchSummary({ value, onClear }: SearchSummaryProps) {
  if (!value) {
    return (
      <Typography variant="body2" color="text.secondary">
        To find a course by code or name, use the search button at the top.
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        Courses matching <strong>“{value}”</strong>
      </Typography>
      <Button size="small" onClick={onClear} sx={{ flexShrink: 0 }}>
        Clear search
      </Button>
    </Stack>
  );
}
