import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useSelector } from '@xstate/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { AdoptionDialogFrame } from '../course-detail/adoption-dialog-frame.tsx';
import { useCourseActions } from '../course-detail/course-detail-queries.ts';
import type { CourseRef } from '../course-detail/course-ref.ts';
import { todayDay, wizardPermissions } from './course-wizard-rules.ts';
import { AddFromPreviousPage } from './pages/add-from-previous-page.tsx';
import { ConfirmNewPage } from './pages/confirm-new-page.tsx';
import { NoMaterialsPage } from './pages/no-materials-page.tsx';
import { ProductDetailPage } from './pages/product-detail-page.tsx';
import { QuestionsPage } from './pages/questions-page.tsx';
import { SearchPage } from './pages/search-page.tsx';
import { SelectMaterialPage } from './pages/select-material-page.tsx';
import { StartPage } from './pages/start-page.tsx';
import { useReturnFocus } from './use-return-focus.ts';
import { useWizardActor } from './use-wizard-actor.ts';
import { WizardSteps } from './wizard-steps.tsx';
import {
  isBusy,
  nextButton,
  wizardPage,
  type WizardMode,
  type WizardPage,
} from './wizard-flows.ts';
import type { WizardPageProps } from './wizard-page-props.ts';

const TITLES: Record<WizardMode, string> = {
  create: 'Add an adoption',
  edit: 'Edit adoption',
  link_new: 'Link to a catalog title',
};

const PAGES: Record<WizardPage, { heading: string; component: ComponentType<WizardPageProps> }> = {
  start: { heading: 'How do you want to add the adoption?', component: StartPage },
  search: { heading: 'Find the material', component: SearchPage },
  productDetail: { heading: 'Propose a custom title', component: ProductDetailPage },
  questions: { heading: 'About this adoption', component: QuestionsPage },
  selectMaterial: { heading: 'Choose the sections', component: SelectMaterialPage },
  addFromPrevious: { heading: 'Reuse a previous adoption', component: AddFromPreviousPage },
  noMaterials: { heading: 'No text required', component: NoMaterialsPage },
  confirmNew: { heading: 'Link the proposed title', component: ConfirmNewPage },
};

interface AdoptionWizardProps {
  mode: WizardMode;
  course: CourseRef;
  /** The adoption edited or linked; null for a new one. */
  adoption: AdoptionMaterialDTO | null;
  /** Each page shown, so the URL can name it. */
  onPageChange: (page: WizardPage) => void;
  /** The wizard is over: the adoption it saved, or null when it was cancelled. */
  onFinish: (saved: AdoptionMaterialDTO | null) => void;
}

/**
 * The adoption wizard (docs/behaviour/routes-and-guard.md, docs/behaviour/flows.md) in a dialog (the whole screen on a phone): a heading per
 * page that takes the focus, the step it is, Back and the next button. The machine decides;
 * each page is a component with its own form, which the next button submits.
 */
export function AdoptionWizard({
  mode,
  course,
  adoption,
  onPageChange,
  onFinish,
}: AdoptionWizardProps) {
  useReturnFocus(mode);
  const actorRef = useWizardActor({ course, mode, adoption });
  const snapshot = useSelector(actorRef, (s) => s);
  const courseActions = useCourseActions(course);
  const [today] = useState(todayDay);
  const formId = useId();
  const page = wizardPage(snapshot);
  const busy = isBusy(snapshot);
  const next = nextButton(snapshot);

  const pageShown = useEffectEvent((shown: WizardPage) => onPageChange(shown));
  const finished = useEffectEvent((saved: AdoptionMaterialDTO | null) => onFinish(saved));
  useEffect(() => {
    if (page) pageShown(page);
  }, [page]);
  // A new page: keyboard and screen reader users start at its heading. A callback ref, new for
  // each page, because the first page's heading appears a commit after the wizard (the dialog
  // renders through a portal), when an effect would already have run and found nothing.
  const focusHeading = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (heading && page) heading.focus();
    },
    [page],
  );
  const error = snapshot.context.error;
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A failed save: focus goes to what went wrong (the next button was busy, so had none).
    if (error) errorRef.current?.focus();
  }, [error]);
  const done = snapshot.status === 'done';
  const result = snapshot.value === 'complete' ? snapshot.context.result : null;
  useEffect(() => {
    if (done) finished(result);
  }, [done, result]);

  const send = actorRef.send;
  const close = () => send({ type: 'CANCEL' });
  const footer = page && (
    <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'space-between' }}>
      {page !== 'start' ? (
        <Button onClick={() => send({ type: 'BACK' })} disabled={busy}>
          Back
        </Button>
      ) : (
        <Button onClick={close}>Cancel</Button>
      )}
      {next.visible && (
        <Button type="submit" form={formId} variant="contained" loading={busy}>
          {next.label}
        </Button>
      )}
    </Stack>
  );

  let body;
  if (!page) body = null;
  else if (courseActions.isPending) body = <CircularProgress aria-label="Loading" />;
  else if (courseActions.isError)
    body = <Alert severity="error">{errorMessage(courseActions.error)}</Alert>;
  else {
    const { heading, component: Page } = PAGES[page];
    body = (
      <Stack spacing={2}>
        <WizardSteps flow={snapshot.context.flow} page={page} />
        <Typography
          ref={focusHeading}
          tabIndex={-1}
          component="h3"
          variant="h6"
          sx={{ '&:focus': { outline: 'none' } }}
        >
          {page === 'search' && mode === 'link_new' ? 'Find the catalog title' : heading}
        </Typography>
        {error && (
          <Alert ref={errorRef} tabIndex={-1} severity="error">
            {error}
          </Alert>
        )}
        <Page
          context={snapshot.context}
          send={send}
          course={course}
          formId={formId}
          permissions={wizardPermissions(courseActions.data)}
          today={today}
          busy={busy}
        />
      </Stack>
    );
  }

  return (
    <AdoptionDialogFrame
      title={TITLES[mode]}
      onClose={close}
      actions={footer}
      wide
      contentTakesFocus
    >
      {body}
    </AdoptionDialogFrame>
  );
}
