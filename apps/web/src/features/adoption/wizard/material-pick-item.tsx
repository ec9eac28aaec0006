import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';

/** A material offered to adopt: its title and facts on one button, in a list of choices. */
export function MaterialPickItem(props: { title: string; facts: string; onPick: () => void }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={props.onPick} sx={{ display: 'block' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{props.title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {props.facts}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}
