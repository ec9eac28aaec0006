import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequiredMaterial } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useRequiredMaterials } from '../orders/orders-queries.ts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import {
  groupBySection,
  ownedStatus,
  type RequiredMaterialsSection,
} from './required-materials-groups.ts';
import { RequiredMaterialRow } from './required-material-row.tsx';

export const REQUIRED_MATERIALS_MESSAGES = {
  title: 'Required materials',
  empty: 'No current or upcoming sections need materials',
  noText: 'No text required',
  notInCatalog: "Not in the store's catalog yet: it cannot be ordered here.",
} as const;

/**
 * The materials adopted for the student's current and upcoming sections, by section, with what
 * the student already has of each. What is still missing is stressed: it is what the clerk
 * orders next.
 */
export function RequiredMaterialsPanel({ customerId }: { customerId: number }) {
  const query = useRequiredMaterials(customerId);
  const sections = query.data ? groupBySection(query.data.requiredMaterials) : [];
  const missing = sections
    .flatMap((s) => s.materials)
    .filter((m) => ownedStatus(m).tone === 'missing').length;
  return (
    <PanelSection
      title={REQUIRED_MATERIALS_MESSAGES.title}
      aside={
        query.data && missing > 0 ? (
          <Typography sx={{ fontWeight: 700, color: 'error.dark' }}>
            {missing} not yet ordered
          </Typography>
        ) : undefined
      }
    >
      {query.isPending ? (
        <PanelLoading what="required materials" />
      ) : query.isError ? (
        <PanelError
          what="the required materials"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : sections.length === 0 ? (
        <Typography color="text.secondary">{REQUIRED_MATERIALS_MESSAGES.empty}</Typography>
      ) : (
        <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {sections.map((section) => (
            <SectionMaterials key={section.sectionId} section={section} />
          ))}
        </Stack>
      )}
    </PanelSection>
  );
}

function SectionMaterials({ section }: { section: RequiredMaterialsSection }) {
  const headingId = useId();
  return (
    <Box component="article" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {section.courseCode} {section.courseName} — Section {section.sectionCode}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {section.termName} · {section.divisionName} · Starts {formatDisplayDate(section.startDate)}
      </Typography>
      {section.noTextRequired ? (
        <Typography sx={{ mt: 0.5 }}>{REQUIRED_MATERIALS_MESSAGES.noText}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}>
          {section.materials.map((material, index) => (
            <MaterialRow key={`${material.adoptionMaterialId}:${index}`} material={material} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function MaterialRow({ material }: { material: RequiredMaterial }) {
  return (
    <RequiredMaterialRow material={material} optionalLabel="Optional">
      {material.titleId === null && !material.owned && (
        <Typography variant="body2" color="text.secondary">
          {REQUIRED_MATERIALS_MESSAGES.notInCatalog}
        </Typography>
      )}
    </RequiredMaterialRow>
  );
}
