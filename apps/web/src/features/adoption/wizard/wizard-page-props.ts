import type { CourseRef } from '../course-detail/course-ref.ts';
import type { WizardPermissions } from './course-wizard-rules.ts';
import type { WizardContext, WizardEvent } from './wizard-context.ts';

/** What every wizard page is given by the frame. */
export interface WizardPageProps {
  context: WizardContext;
  send: (event: WizardEvent) => void;
  course: CourseRef;
  /** The page's form: the frame's next button submits it. */
  formId: string;
  permissions: WizardPermissions;
  /** Today (YYYY-MM-DD), fixed while the wizard is open. */
  today: string;
  busy: boolean;
}
