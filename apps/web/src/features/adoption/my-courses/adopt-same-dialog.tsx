import { Fragment, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { MyCourse, MyCourseSection, PreviousTerm } from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { newClientKey } from '../../../lib/client-key.ts';
import { useAdoptSameAsLastTime } from './my-courses-queries.ts';
import { MY_COURSES_TEXT as T } from './my-courses-text.ts';
import { MaterialChanges, PreviousMaterials } from './previous-materials.tsx';

interface AdoptSameDialogProps {
  course: MyCourse;
  previous: PreviousTerm;
  /** The course's sections without an adoption: the ones that may be chosen. */
  sections: readonly MyCourseSection[];
  /** "BIO 101": how the dialog names the course. */
  label: string;
  onClose: () => void;
  onAdopted: (message: string) => void;
}

/**
 * The confirmation of "Adopt the same as last time": last term's materials, the sections to
 * adopt for (all of them checked), and one button. One request id per opening, kept through a
 * retry, so a double click or a lost answer adopts once (ADR 0012).
 */
export function AdoptSameDialog(props: AdoptSameDialogProps) {
  const { course, previous, sections, label } = props;
  const titleId = useId();
  const formId = useId();
  const [chosen, setChosen] = useState<number[]>(() => sections.map((s) => s.sectionId));
  const [requestId] = useState(newClientKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const { adopt, adopting } = useAdoptSameAsLastTime();

  const toggle = (sectionId: number, on: boolean) =>
    setChosen((now) => (on ? [...now, sectionId] : now.filter((id) => id !== sectionId)));

  const submit = async () => {
    setTried(true);
    if (chosen.length === 0) return;
    setProblem(null);
    try {
      const answer = await adopt({
        divisionId: course.divisionId,
        departmentCode: course.departmentCode,
        courseCode: course.courseCode,
        sectionIds: chosen,
        requestId,
      });
      props.onAdopted(T.adopted(answer.sectionIds.length, previous.termName));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const none = tried && chosen.length === 0;
  return (
    <Dialog open onClose={adopting ? undefined : props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {T.adoptSame}: {label}
      </DialogTitle>
      <DialogContent>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {T.lastTime(previous.termName)}
        </Typography>
        <PreviousMaterials previous={previous} />
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormGroup
            role="group"
            aria-label={T.chooseSections}
            aria-describedby={none ? `${formId}-none` : undefined}
            sx={{ mt: 2 }}
          >
            <Typography component="h3" variant="subtitle2">
              {T.chooseSections}
            </Typography>
            {sections.map((s) => {
              // The section's enrollment change under its box, and read as its description,
              // so it is heard before the section is confirmed.
              const changesId =
                s.changes.length > 0 ? `${formId}-changes-${s.sectionId}` : undefined;
              return (
                <Fragment key={s.sectionId}>
                  <FormControlLabel
                    label={`Section ${s.sectionCode} · ${s.termName}`}
                    control={
                      <Checkbox
                        checked={chosen.includes(s.sectionId)}
                        onChange={(event) => toggle(s.sectionId, event.target.checked)}
                        slotProps={{ input: { 'aria-describedby': changesId } }}
                      />
                    }
                  />
                  <MaterialChanges changes={s.changes} id={changesId} />
                </Fragment>
              );
            })}
          </FormGroup>
          {none && (
            <FormHelperText id={`${formId}-none`} error>
              {T.noneChosen}
            </FormHelperText>
          )}
        </form>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <FormDialogActions
        formId={formId}
        submitLabel={adopting ? T.adopting : T.adoptFor(chosen.length)}
        busy={adopting}
        onClose={props.onClose}
      />
    </Dialog>
  );
}
