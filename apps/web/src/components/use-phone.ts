import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Under 600 px: cards and lists instead of wide tables. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/**
 * Whether a wide grid (allowances, ledger) fits beside the drawer without scrolling sideways:
 * from 1200 px; narrower screens get the cards.
 */
export function useCardsInsteadOfGrid(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
}
