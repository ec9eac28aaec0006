import { ADOPTION_TYPE } from '@csp/contracts';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SectionDetailDTO, SectionMaterial } from '@csp/contracts';
import { useSectionMaterials } from '../api/research-queries.ts';
import { PanelSection, PanelLoading } from '../../../components/panel-section.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { adoptionPath } from './section-ref.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';

/** The adopted materials with their status labels; the way to adopt when the user may. */
export function SectionMaterials({ section }: { section: SectionDetailDTO }) {
  const query = useSectionMaterials(section.sectionId);
  const adopt = section.mayAdopt ? (
    <Button component={RouterLink} to={adoptionPath(section)} variant="outlined" size="small">
      Course adoptions
    </Button>
  ) : undefined;
  return (
    <PanelSection title="Materials" aside={adopt}>
      {query.isPending ? (
        <PanelLoading what="materials" />
      ) : query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()}>
          Could not load the materials: {query.error.message}
        </LoadFailure>
      ) : query.data.materials.length === 0 ? (
        <Typography color="text.secondary">No materials adopted yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {query.data.materials.map((m) => (
            <MaterialRow key={m.adoptionMaterialId} material={m} />
          ))}
        </Box>
      )}
    </PanelSection>
  );
}

function MaterialRow({ material: m }: { material: SectionMaterial }) {
  const facts = [
    m.isbn ? `ISBN ${m.isbn}` : null,
    m.author,
    m.edition ? `Edition: ${m.edition}` : null,
    m.publisher,
  ].filter(Boolean);
  return (
    <Box component="li" sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {m.noTextRequired
            ? 'No text required'
            : (m.title ?? 'Proposed title (not yet in the catalog)')}
        </Typography>
        {!m.noTextRequired && (
          <Chip size="small" variant="outlined" label={m.required ? 'Required' : 'Recommended'} />
        )}
        {m.statusLabel && (
          <Chip
            size="small"
            label={m.statusLabel}
            sx={{ bgcolor: '#fff3cd', color: '#5c3c00', fontWeight: 600 }}
          />
        )}
        {m.adoptionType === ADOPTION_TYPE.AUTO && (
          <Chip size="small" variant="outlined" label="Every section (auto adoption)" />
        )}
        {m.ia && <Chip size="small" variant="outlined" label="Inclusive access" />}
      </Stack>
      {facts.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Typography>
      )}
      {m.retailPriceCents !== null && (
        <Typography variant="body2">Price {formatMoney(m.retailPriceCents)}</Typography>
      )}
    </Box>
  );
}
