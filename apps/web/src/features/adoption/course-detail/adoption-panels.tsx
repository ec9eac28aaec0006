import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { useNotificationStore } from '../../../platform/notifications/notification-context.tsx';
import { AdoptionWizard } from '../wizard/adoption-wizard.tsx';
import type { WizardMode } from '../wizard/wizard-flows.ts';
import { WIZARD_MESSAGES } from '../wizard/wizard-messages.ts';
import { AdoptionDialogFrame } from './adoption-dialog-frame.tsx';
import { mayLinkToTitle } from './adoption-rules.ts';
import type { useAdoptionPanels } from './adoption-url-state.ts';
import type { CourseCapabilities } from './course-capabilities.ts';
import { useRefreshCourse } from './course-detail-queries.ts';
import type { CourseRef } from './course-ref.ts';
import { ViewAdoptionDialog } from './view-adoption-dialog.tsx';

type Panels = ReturnType<typeof useAdoptionPanels>;

interface AdoptionPanelsProps {
  course: CourseRef;
  panels: Panels;
  /** Finds an adoption of this course among the active and previous ones. */
  lookup: (adoptionMaterialId: number) => AdoptionMaterialDTO | undefined;
  loading: boolean;
  /** The course's adoptions could not be loaded: say so, not "no such adoption". */
  failed: boolean;
  sections: ReadonlyMap<number, AdoptionSection>;
  capabilities: CourseCapabilities;
}

const SAVED: Record<WizardMode, string> = {
  create: WIZARD_MESSAGES.created,
  edit: WIZARD_MESSAGES.updated,
  link_new: WIZARD_MESSAGES.linked,
};

/**
 * The panel the URL asks for, so a link opens it: ?viewAdoptionId= (details), and the adoption
 * wizard at ?adopt=new, ?editAdoptionId= or ?linkAdoptionId=. An id that is not an adoption of
 * this course, or one the caller may not change that way, says so instead of showing nothing.
 */
export function AdoptionPanels(props: AdoptionPanelsProps) {
  const { panels, lookup, capabilities } = props;
  if (panels.creating) {
    if (!capabilities.mayAdopt) return <Refused panels={panels} what="add adoptions to" />;
    return <WizardPanel {...props} mode="create" adoption={null} />;
  }
  const id = panels.viewAdoptionId || panels.editAdoptionId || panels.linkAdoptionId;
  if (!id) return null;
  const adoption = lookup(id);
  if (!adoption) return <Missing {...props} id={id} />;
  if (panels.viewAdoptionId) {
    return (
      <ViewAdoptionDialog
        key={id}
        adoption={adoption}
        sections={props.sections}
        mayPost={capabilities.mayAdopt && adoption.active}
        onClose={panels.close}
      />
    );
  }
  if (panels.editAdoptionId) {
    if (!capabilities.mayAdopt) return <Refused panels={panels} what="edit adoptions of" />;
    return <WizardPanel key={`edit-${id}`} {...props} mode="edit" adoption={adoption} />;
  }
  if (!mayLinkToTitle(adoption, capabilities)) {
    return <Refused panels={panels} what="link this adoption to a catalog title in" />;
  }
  return <WizardPanel key={`link-${id}`} {...props} mode="link_new" adoption={adoption} />;
}

function WizardPanel({
  course,
  panels,
  mode,
  adoption,
}: AdoptionPanelsProps & { mode: WizardMode; adoption: AdoptionMaterialDTO | null }) {
  // Closing the wizard changes the URL, which clears the toasts of the page being left.
  const { notifyAfterNavigation } = useNotificationStore();
  const refresh = useRefreshCourse();
  return (
    <AdoptionWizard
      mode={mode}
      course={course}
      adoption={adoption}
      onPageChange={panels.showWizardPage}
      onFinish={(saved) => {
        if (saved) {
          notifyAfterNavigation({ type: 'success', message: SAVED[mode] });
          void refresh();
        }
        panels.close();
      }}
    />
  );
}

function Refused({ panels, what }: { panels: Panels; what: string }) {
  return (
    <AdoptionDialogFrame title="Adoption" onClose={panels.close}>
      <Typography>You may not {what} this course.</Typography>
    </AdoptionDialogFrame>
  );
}

function Missing({ panels, loading, failed, id }: AdoptionPanelsProps & { id: number }) {
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
