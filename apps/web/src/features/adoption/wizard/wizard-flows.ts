import type { StateValue } from 'xstate';

/** The adoption wizard's pages, modes and flows (docs/behaviour/routes-and-guard.md#adoption-wizard, docs/behaviour/flows.md#adoption-wizard-flows). */

export const WIZARD_PAGES = [
  'start',
  'search',
  'productDetail',
  'questions',
  'selectMaterial',
  'addFromPrevious',
  'noMaterials',
  'confirmNew',
] as const;
export type WizardPage = (typeof WIZARD_PAGES)[number];

export const WIZARD_MODES = ['create', 'edit', 'link_new'] as const;
export type WizardMode = (typeof WIZARD_MODES)[number];

/** docs/behaviour/flows.md, exactly: each flow's page sequence. */
export const FLOWS = {
  search: ['search', 'questions', 'selectMaterial'],
  custom: ['search', 'productDetail', 'questions', 'selectMaterial'],
  addFromPrevious: ['addFromPrevious', 'questions', 'selectMaterial'],
  noMaterials: ['noMaterials', 'selectMaterial'],
  editMaterial: ['questions', 'selectMaterial'],
  editNoMaterial: ['selectMaterial'],
  linkNew: ['search', 'confirmNew'],
} as const satisfies Record<string, readonly WizardPage[]>;
export type WizardFlow = keyof typeof FLOWS;

/** The flows the start page offers (create mode). */
export type StartChoice = 'search' | 'addFromPrevious' | 'noMaterials';

/** Short names of the pages: the step indicator and the screen reader announcement. */
export const PAGE_LABELS: Record<WizardPage, string> = {
  start: 'Start',
  search: 'Find the material',
  productDetail: 'Custom title',
  questions: 'Questions',
  selectMaterial: 'Sections',
  addFromPrevious: 'Previous adoptions',
  noMaterials: 'No text required',
  confirmNew: 'Confirm the link',
};

/** The page before `page` in `flow`; null on a flow's first page (or a page not in it). */
export function previousPage(flow: WizardFlow | null, page: WizardPage): WizardPage | null {
  if (!flow) return null;
  const pages: readonly WizardPage[] = FLOWS[flow];
  const index = pages.indexOf(page);
  return index > 0 ? (pages[index - 1] ?? null) : null;
}

/** docs/behaviour/flows.md: the pages that show the next button; search, addFromPrevious and start advance by a choice. */
const NEXT_BUTTON_PAGES: readonly WizardPage[] = [
  'confirmNew',
  'noMaterials',
  'productDetail',
  'questions',
  'selectMaterial',
];

export interface NextButton {
  visible: boolean;
  label: string;
}

/**
 * docs/behaviour/flows.md, literally: 'Add Adoption' on selectMaterial in create mode, 'Submit' in edit mode
 * (on every page that shows the button, questions included), 'Link' on confirmNew in link_new
 * mode, 'Next' otherwise.
 */
export function nextButtonFor(page: WizardPage, mode: WizardMode): NextButton {
  const visible = NEXT_BUTTON_PAGES.includes(page);
  let label = 'Next';
  if (page === 'selectMaterial' && mode === 'create') label = 'Add Adoption';
  else if (mode === 'edit') label = 'Submit';
  else if (page === 'confirmNew' && mode === 'link_new') label = 'Link';
  return { visible, label };
}

export interface StepInfo {
  /** 1-based; 0 on the start page, which is before any flow. */
  number: number;
  total: number;
  pages: readonly WizardPage[];
}

export function stepOf(flow: WizardFlow | null, page: WizardPage): StepInfo {
  if (!flow) return { number: 0, total: 0, pages: [] };
  const pages: readonly WizardPage[] = FLOWS[flow];
  return { number: pages.indexOf(page) + 1, total: pages.length, pages };
}

/** "Step 2 of 3: Questions", the words a screen reader hears when a page opens. */
export function stepAnnouncement(flow: WizardFlow | null, page: WizardPage): string {
  const step = stepOf(flow, page);
  if (step.number === 0) return `${PAGE_LABELS[page]}: choose how to add the adoption`;
  return `Step ${step.number} of ${step.total}: ${PAGE_LABELS[page]}`;
}

/** The page a wizard snapshot is on; null once the wizard has finished (complete, cancelled). */
export function wizardPage(snapshot: { value: StateValue }): WizardPage | null {
  const value = snapshot.value;
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  return (WIZARD_PAGES as readonly string[]).includes(top ?? '') ? (top as WizardPage) : null;
}

/** The next button of the page a wizard snapshot is on (docs/behaviour/flows.md). */
export function nextButton(snapshot: {
  value: StateValue;
  context: { mode: WizardMode };
}): NextButton {
  const page = wizardPage(snapshot);
  if (!page) return { visible: false, label: 'Next' };
  return nextButtonFor(page, snapshot.context.mode);
}

/** True while a wizard snapshot is saving something: its buttons wait. */
export function isBusy(snapshot: { hasTag: (tag: string) => boolean }): boolean {
  return snapshot.hasTag('busy');
}
