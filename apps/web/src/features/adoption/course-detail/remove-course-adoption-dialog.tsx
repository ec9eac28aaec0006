import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { materialOf } from './adoption-format.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface RemoveCourseAdoptionDialogProps {
  adoption: AdoptionMaterialDTO | null;
  busy: boolean;
  onConfirm: (adoption: AdoptionMaterialDTO) => void;
  onCancel: () => void;
}

/** A yes before ending a course (auto) adoption of a proposed title. */
export function RemoveCourseAdoptionDialog(props: RemoveCourseAdoptionDialogProps) {
  const [shown, setShown] = useState(props.adoption);
  if (props.adoption && props.adoption !== shown) setShown(props.adoption);
  const title = shown ? materialOf(shown).description : '';
  return (
    <ConfirmDialog
      danger
      open={props.adoption !== null}
      title="Remove the course adoption?"
      confirmLabel="Remove course adoption"
      busy={props.busy}
      onConfirm={() => shown && props.onConfirm(shown)}
      onCancel={props.onCancel}
    >
      <DialogContentText>
        Remove the course adoption of the proposed title “{title}”? It will no longer apply to any
        section of this course. It stays in the course&apos;s previous adoptions.
      </DialogContentText>
    </ConfirmDialog>
  );
}
