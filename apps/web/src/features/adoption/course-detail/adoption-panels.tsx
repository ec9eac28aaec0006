import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionDialogFrame } from './adoption-dialog-frame.tsx';
import type { useAdoptionPanels } from './adoption-url-state.ts';
import { EditAdoptionDialog } from './edit-adoption-dialog.tsx';
import { ViewAdoptionDialog } from './view-adoption-dialog.tsx';

interface AdoptionPanelsProps {
  panels: ReturnType<typeof useAdoptionPanels>;
  /** Finds an adoption of this course among the active and previous ones. */
  lookup: (adoptionMaterialId: number) => AdoptionMaterialDTO | undefined;
  loading: boolean;
  /** The course's adoptions could not be loaded: say so, not "no such adoption". */
  failed: boolean;
  sections: ReadonlyMap<number, AdoptionSection>;
  mayPost: boolean;
}

/**
 * The panel the URL asks for (?viewAdoptionId= or ?editAdoptionId=), so a link opens it. An id
 * that is not an adoption of this course says so instead of showing nothing.
 */
export function AdoptionPanels({
  panels,
  lookup,
  loading,
  failed,
  sections,
  mayPost,
}: AdoptionPanelsProps) {
  const id = panels.viewAdoptionId || panels.editAdoptionId;
  if (!id) return null;
  const adoption = lookup(id);
  if (!adoption) {
    return (
      <AdoptionDialogFrame title="Adoption details" onClose={panels.close}>
        {loading ? (
          <CircularProgress aria-label="Loading the adoption" />
        ) : failed ? (
          <Typography role="alert">
            The course&apos;s adoptions could not be loaded, so this one cannot be shown. Close this
            and try again.
          </Typography>
        ) : (
          <Typography>
            Adoption {id} is not an adoption of this course, or it has been removed.
          </Typography>
        )}
      </AdoptionDialogFrame>
    );
  }
  if (panels.viewAdoptionId) {
    return (
      <ViewAdoptionDialog
        key={id}
        adoption={adoption}
        sections={sections}
        mayPost={mayPost && adoption.active}
        onClose={panels.close}
      />
    );
  }
  return (
    <EditAdoptionDialog key={id} adoption={adoption} sections={sections} onClose={panels.close} />
  );
}
