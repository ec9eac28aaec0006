import { useId, useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { materialOf } from './adoption-format.ts';
import { removableSections } from './adoption-rules.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { sectionDates } from './section-figures.tsx';

interface RemoveFromSectionDialogProps {
  /** The adoption being asked about; null once answered (the dialog then fades out). */
  adoption: AdoptionMaterialDTO | null;
  /** The sections the caller may adopt for (the server's list), by id. */
  adoptable: ReadonlyMap<number, AdoptionSection>;
  busy: boolean;
  onConfirm: (section: AdoptionSection) => void;
  onCancel: () => void;
}

const label = (s: AdoptionSection) => `${s.sectionCode} (${s.termName})`;

/**
 * Which section to take the adoption off, and a yes before it happens. With one section there
 * is nothing to choose; with several none is preselected, so a hurried click removes nothing.
 */
export function RemoveFromSectionDialog(props: RemoveFromSectionDialogProps) {
  // Kept while the dialog fades out, so its text does not vanish mid-animation.
  const [shown, setShown] = useState(props.adoption);
  if (props.adoption && props.adoption !== shown) setShown(props.adoption);
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const errorId = useId();
  const sections = shown ? removableSections(shown, props.adoptable) : [];
  const only = sections.length === 1 ? sections[0] : undefined;
  const selected = only ?? sections.find((s) => s.sectionId === chosen);
  const title = shown ? materialOf(shown).description : '';

  const confirm = () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    props.onConfirm(selected);
  };

  return (
    <ConfirmDialog
      danger
      open={props.adoption !== null}
      title="Remove from a section?"
      confirmLabel={selected ? `Remove from ${selected.sectionCode}` : 'Remove from section'}
      busy={props.busy}
      onConfirm={confirm}
      onCancel={props.onCancel}
      onExited={() => {
        setChosen(null);
        setMissing(false);
      }}
    >
      {only ? (
        <DialogContentText>
          Remove “{title}” from section {label(only)}, {sectionDates(only)}? It stays on the
          course&apos;s other sections, and the change is kept in its history.
        </DialogContentText>
      ) : (
        <FormControl error={missing}>
          <DialogContentText sx={{ mb: 1 }}>
            Remove “{title}” from one of its sections. It stays on the others, and the change is
            kept in its history.
          </DialogContentText>
          <FormLabel id={legendId}>Section</FormLabel>
          <RadioGroup
            aria-labelledby={legendId}
            aria-describedby={missing ? errorId : undefined}
            value={chosen === null ? '' : String(chosen)}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setMissing(false);
            }}
          >
            {sections.map((s) => (
              <FormControlLabel
                key={s.sectionId}
                value={String(s.sectionId)}
                control={<Radio />}
                label={`${label(s)}, ${sectionDates(s)}`}
              />
            ))}
          </RadioGroup>
          {missing && (
            <FormHelperText id={errorId} role="alert">
              {M.chooseSection}
            </FormHelperText>
          )}
        </FormControl>
      )}
    </ConfirmDialog>
  );
}
