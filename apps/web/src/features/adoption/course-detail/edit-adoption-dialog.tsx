import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionDialogFrame } from './adoption-dialog-frame.tsx';
import { AdoptionSummary } from './adoption-summary.tsx';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';

/**
 * ?editAdoptionId=N. Editing is the adoption wizard's (its edit mode starts at the questions
 * page), which is not built yet: rather than a form that saves nothing, the panel says so and
 * shows what would be edited.
 */
export function EditAdoptionDialog({
  adoption,
  sections,
  onClose,
}: {
  adoption: AdoptionMaterialDTO;
  sections: ReadonlyMap<number, AdoptionSection>;
  onClose: () => void;
}) {
  return (
    <AdoptionDialogFrame title="Edit adoption" onClose={onClose}>
      <Stack spacing={3}>
        <Alert severity="info">
          {M.editArrivesWithWizard}. Until then, post a message on the adoption (View details) or
          ask the store&apos;s course materials team to make the change.
        </Alert>
        <AdoptionSummary adoption={adoption} sections={sections} full headingLevel="h3" />
      </Stack>
    </AdoptionDialogFrame>
  );
}
