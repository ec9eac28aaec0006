import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import type { SectionPageInfo } from '@csp/contracts';
import { rangeText } from './research-messages.ts';

export type PageMove = 'first' | 'previous' | 'next' | 'last';

interface SectionPagerProps {
  pageInfo: SectionPageInfo;
  shown: number;
  total: number;
  disabled: boolean;
  onMove: (move: PageMove) => void;
}

const MOVES: { move: PageMove; label: string; Icon: typeof FirstPageIcon }[] = [
  { move: 'first', label: 'First page', Icon: FirstPageIcon },
  { move: 'previous', label: 'Previous page', Icon: KeyboardArrowLeft },
  { move: 'next', label: 'Next page', Icon: KeyboardArrowRight },
  { move: 'last', label: 'Last page', Icon: LastPageIcon },
];

/**
 * The list moves a page at a time (keyset pages cannot jump to page 37 without reading the 36
 * before it), or to either end; the range says where it stands.
 */
export function SectionPager({ pageInfo, shown, total, disabled, onMove }: SectionPagerProps) {
  const can: Record<PageMove, boolean> = {
    first: pageInfo.hasPreviousPage,
    previous: pageInfo.hasPreviousPage,
    next: pageInfo.hasNextPage,
    last: pageInfo.hasNextPage,
  };
  return (
    <Stack
      component="nav"
      aria-label="Section pages"
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}
    >
      <Typography variant="body2">{rangeText(pageInfo, shown, total)}</Typography>
      <Stack direction="row">
        {MOVES.map(({ move, label, Icon }) => (
          <Tooltip key={move} title={label}>
            <span>
              <IconButton
                aria-label={label}
                disabled={disabled || !can[move]}
                onClick={() => onMove(move)}
              >
                <Icon />
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
    </Stack>
  );
}
