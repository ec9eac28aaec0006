import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequiredMaterial } from '@csp/contracts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { RequiredMaterialRow } from '../../students/index.ts';

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
              <RequiredMaterialRow
                key={`${m.adoptionMaterialId}:${index}`}
                material={m}
                optionalLabel="Recommended"
                divided
              />
            ))}
        </Box>
      )}
    </PanelSection>
  );
}
