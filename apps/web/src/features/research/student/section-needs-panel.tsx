import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { RequiredMaterial } from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { ownedStatus, type OwnedStatus } from '../../students/index.ts';

interface SectionNeedsPanelProps {
  /** "BIOL 101 – A1". */
  sectionLabel: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data: { requiredMaterials: RequiredMaterial[] } | undefined;
    refetch: () => unknown;
  };
}

const TONES = {
  have: { Icon: CheckCircleIcon, color: 'success.dark' },
  ordered: { Icon: ScheduleIcon, color: 'text.secondary' },
  missing: { Icon: ErrorOutlineIcon, color: 'error.dark' },
} as const;

/**
 * What this student needs for this one section, and what they already have (bought or rented,
 * fulfilled or on order): "what does this student need for this class?" at a glance.
 */
export function SectionNeedsPanel({ sectionLabel, query }: SectionNeedsPanelProps) {
  const rows = query.data?.requiredMaterials ?? [];
  const materials = rows.filter((m) => !m.noTextRequired);
  const noText = rows.length > 0 && materials.length === 0;
  const needed = materials.filter((m) => !m.owned).length;
  return (
    <PanelSection
      title={`For ${sectionLabel}`}
      aside={
        query.data && materials.length > 0 ? (
          <Typography sx={{ fontWeight: 700, color: needed ? 'error.dark' : 'success.dark' }}>
            {needed ? `${needed} not yet ordered` : 'Has every material'}
          </Typography>
        ) : undefined
      }
    >
      {query.isPending ? (
        <PanelLoading what="this section's materials" />
      ) : query.isError && query.error ? (
        <PanelError
          what="this section's materials"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : noText ? (
        <Typography>No text required</Typography>
      ) : materials.length === 0 ? (
        <Typography color="text.secondary">No materials adopted for this section yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {[...materials]
            .sort((a, b) => Number(b.required) - Number(a.required))
            .map((m, index) => (
              <NeedRow key={`${m.adoptionMaterialId}:${index}`} material={m} />
            ))}
        </Box>
      )}
    </PanelSection>
  );
}

function NeedRow({ material: m }: { material: RequiredMaterial }) {
  const owned = ownedStatus(m);
  const tone: (typeof TONES)[OwnedStatus['tone']] = TONES[owned.tone];
  const facts = [m.isbn && `ISBN ${m.isbn}`, m.author, m.edition && `Edition: ${m.edition}`];
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 0.75,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {m.title ?? 'Untitled material'}
          <Chip
            size="small"
            variant="outlined"
            label={m.required ? 'Required' : 'Recommended'}
            sx={{ ml: 1, verticalAlign: 'text-bottom', fontWeight: 400 }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {facts.filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: tone.color }}>
        <tone.Icon fontSize="small" aria-hidden />
        <Typography
          component={owned.tone === 'missing' ? 'strong' : 'span'}
          sx={{ fontWeight: owned.tone === 'missing' ? 700 : 400 }}
        >
          {owned.text}
        </Typography>
      </Stack>
    </Box>
  );
}
