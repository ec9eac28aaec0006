import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TextbookCourse, TextbookMaterial } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { CostChip } from '../../../components/cost-designation-chip.tsx';
import { TEXTBOOK_TEXT as T } from './textbook-messages.ts';

type TextbookSection = TextbookCourse['sections'][number];

/** The ways a student can get the material, in the order the store lists them. */
const PRICE_LABELS: [keyof NonNullable<TextbookMaterial['prices']>, string][] = [
  ['newCents', 'New'],
  ['usedCents', 'Used'],
  ['rentNewCents', 'Rent new'],
  ['rentUsedCents', 'Rent used'],
  ['digitalCents', 'Digital'],
];

/** Long words (ISBNs, URLs in titles) wrap instead of widening a phone's page. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** A material's prices by how a student gets it (the public list's, and a launch's landing). */
export function MaterialPrices({ prices }: { prices: TextbookMaterial['prices'] }) {
  const offered = prices ? PRICE_LABELS.filter(([key]) => prices[key] > 0) : [];
  if (!prices || offered.length === 0) {
    return <Typography variant="body2">{T.noPrice}</Typography>;
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap' }}>
      {offered.map(([key, label]) => (
        <Typography key={key} component="li" variant="body2" sx={{ mr: 2 }}>
          {label} {formatMoney(prices[key])}
        </Typography>
      ))}
    </Box>
  );
}

/** One material as stacked lines: what it is, then its identifiers, then its prices. */
function MaterialLines({ material: m }: { material: TextbookMaterial }) {
  const details = [
    m.author && `by ${m.author}`,
    m.edition && `Edition ${m.edition}`,
    m.publisher,
    m.copyrightYear !== null && `© ${m.copyrightYear}`,
  ].filter(Boolean);
  return (
    <Stack component="li" spacing={0.25} sx={{ py: 1, ...WRAP }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{m.title}</Typography>
        <Chip
          size="small"
          label={m.required ? T.required : T.recommended}
          color={m.required ? 'primary' : 'default'}
          variant="outlined"
        />
      </Stack>
      {details.length > 0 && <Typography variant="body2">{details.join(' · ')}</Typography>}
      <Typography variant="body2">{m.isbn ? `ISBN ${m.isbn}` : 'No ISBN'}</Typography>
      <MaterialPrices prices={m.prices} />
    </Stack>
  );
}

/** A section: its code and instructors, then its materials or its final word. */
export function SectionMaterials({ section }: { section: TextbookSection }) {
  const instructors =
    section.professors.length > 0 ? section.professors.join(', ') : T.noInstructor;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', ...WRAP }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>
          Section {section.sectionCode}
          <Typography component="span" color="text.secondary">
            {' '}
            · {instructors} · starts {formatDisplayDate(section.startDate)}
          </Typography>
        </Typography>
        <CostChip designation={section.designation} />
      </Stack>
      {section.status === 'MATERIALS' ? (
        <Box
          component="ul"
          sx={{ m: 0, pl: 2 }}
          aria-label={`Materials for section ${section.sectionCode}`}
        >
          {section.materials.map((m, i) => (
            <MaterialLines key={`${m.isbn ?? m.title}-${i}`} material={m} />
          ))}
        </Box>
      ) : (
        <Typography sx={{ pl: 2, fontStyle: 'italic' }}>
          {section.status === 'NO_TEXT_REQUIRED' ? T.noText : T.tbd}
        </Typography>
      )}
    </Box>
  );
}
