import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXTBOOK_NO_TEXT, TEXTBOOK_TBD, type TextbookCourse } from '@csp/contracts';
import { MaterialPrices } from '../../research/index.ts';
import { LANDING_TEXT as T } from './landing-text.ts';

type Section = TextbookCourse['sections'][number];

/**
 * The section's required, or recommended, materials: what each is and its prices. A section
 * without materials says its final word (no text required, to be determined) under Required.
 */
export function MaterialGroup({ section, required }: { section: Section; required: boolean }) {
  const heading = required ? T.required : T.recommended;
  const materials = section.materials.filter((m) => m.required === required);
  const empty =
    required && section.status !== 'MATERIALS'
      ? section.status === 'NO_TEXT_REQUIRED'
        ? TEXTBOOK_NO_TEXT
        : TEXTBOOK_TBD
      : T.noneListed;
  return (
    <section aria-label={heading}>
      <Typography component="h2" variant="h6">
        {heading}
      </Typography>
      {materials.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {materials.map((m, i) => (
            <Stack
              component="li"
              key={`${m.isbn ?? m.title}-${i}`}
              spacing={0.25}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
            >
              <Typography sx={{ fontWeight: 500 }}>{m.title}</Typography>
              <Typography variant="body2">
                {[
                  m.author && `by ${m.author}`,
                  m.edition && `Edition ${m.edition}`,
                  m.isbn && `ISBN ${m.isbn}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <MaterialPrices prices={m.prices} />
            </Stack>
          ))}
        </Box>
      )}
    </section>
  );
}
