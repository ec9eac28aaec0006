import type { ReactNode } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A material offered to adopt: its title and facts on one button, in a list of choices. A
 * `marker` (a chip, e.g. "Imported") sits beside the title, part of the button's name.
 */
export function MaterialPickItem(props: {
  title: string;
  facts: string;
  marker?: ReactNode;
  onPick: () => void;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={props.onPick} sx={{ display: 'block' }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
            {props.title}
          </Typography>
          {props.marker}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {props.facts}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}
