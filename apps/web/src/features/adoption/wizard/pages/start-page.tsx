import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StartChoice } from '../wizard-flows.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';

const CHOICES: { flow: StartChoice; title: string; description: string }[] = [
  {
    flow: 'search',
    title: 'Search for a material',
    description:
      "Find a book or other material by ISBN, title or author, or propose one the catalogs don't have.",
  },
  {
    flow: 'addFromPrevious',
    title: 'Reuse a previous adoption',
    description: 'Adopt again a material adopted for this course in the last five years.',
  },
  {
    flow: 'noMaterials',
    title: 'No text required',
    description: 'Record that sections of this course need no course materials.',
  },
];

/** Create mode's first page: how to add the adoption. Each choice moves on at once. */
export function StartPage({ send, busy }: WizardPageProps) {
  return (
    <Stack spacing={1.5}>
      {CHOICES.map((choice) => (
        <Button
          key={choice.flow}
          variant="outlined"
          disabled={busy}
          onClick={() => send({ type: 'CHOOSE_FLOW', flow: choice.flow })}
          sx={{
            display: 'block',
            textAlign: 'left',
            p: 2,
          }}
        >
          <Typography
            component="span"
            variant="subtitle1"
            sx={{ display: 'block', fontWeight: 600 }}
          >
            {choice.title}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {choice.description}
          </Typography>
        </Button>
      ))}
    </Stack>
  );
}
