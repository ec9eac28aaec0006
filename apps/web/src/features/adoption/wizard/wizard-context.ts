import type { AdoptionMaterialDTO, MaterialSearchResult, ProposedTitleDTO } from '@csp/contracts';
import type { StartChoice, WizardFlow, WizardMode, WizardPage } from './wizard-flows.ts';
import type {
  NoMaterialsValues,
  ProposalValues,
  QuestionsValues,
  SearchCriteria,
  SectionsValues,
} from './wizard-schemas.ts';

/*
 * What the adoption wizard holds: the answers of every page so far, the events that change
 * them. Plain data only (the snapshot is kept in sessionStorage as JSON).
 */

/** Bumped when the context changes shape, so an older snapshot in sessionStorage is dropped. */
export const WIZARD_VERSION = 1;

/** A custom title as typed on productDetail, and the proposed title saved from it. */
export interface ProposalData {
  values: ProposalValues;
  saved: ProposedTitleDTO | null;
}

/** Everything entered so far; each page's own data is null until its page is done. */
export interface WizardContext {
  version: typeof WIZARD_VERSION;
  mode: WizardMode;
  flow: WizardFlow | null;
  /** The adoption edited (edit) or linked (link_new). */
  adoption: AdoptionMaterialDTO | null;
  searchCriteria: SearchCriteria | null;
  material: MaterialSearchResult | null;
  proposal: ProposalData | null;
  previous: AdoptionMaterialDTO | null;
  answers: QuestionsValues | null;
  noMaterial: NoMaterialsValues | null;
  sections: SectionsValues | null;
  /** Kept from the first submit until success, so a retry is the same adoption (createAdoption). */
  requestId: string | null;
  /** Why the last save failed, in the user's words (set by the React layer's actors). */
  error: string | null;
  result: AdoptionMaterialDTO | null;
}

export interface WizardInput {
  mode: WizardMode;
  adoption?: AdoptionMaterialDTO | null;
}

export type WizardEvent =
  | { type: 'CHOOSE_FLOW'; flow: StartChoice }
  | { type: 'SEARCH'; criteria: SearchCriteria }
  | { type: 'PICK_MATERIAL'; material: MaterialSearchResult }
  | { type: 'PROPOSE_CUSTOM' }
  | { type: 'PICK_PREVIOUS'; adoption: AdoptionMaterialDTO }
  | { type: 'PROPOSAL_NEXT'; values: ProposalValues }
  | { type: 'QUESTIONS_NEXT'; values: QuestionsValues }
  | { type: 'NO_MATERIALS_NEXT'; values: NoMaterialsValues }
  | { type: 'SECTIONS_NEXT'; values: SectionsValues }
  | { type: 'CONFIRM_NEXT' }
  | { type: 'BACK' }
  | { type: 'CANCEL' };

function initialFlow({ mode, adoption }: WizardInput): WizardFlow | null {
  if (mode === 'create') return null;
  if (mode === 'link_new') return 'linkNew';
  return adoption?.noTextRequired ? 'editNoMaterial' : 'editMaterial';
}

/** The data a page owns, which Back from it clears (docs/behaviour/flows.md). */
export const PAGE_DATA: Record<WizardPage, Partial<WizardContext>> = {
  start: {},
  search: { searchCriteria: null, material: null },
  // Back from productDetail returns to the search flow.
  productDetail: { proposal: null, flow: 'search' },
  questions: { answers: null },
  selectMaterial: { sections: null, requestId: null },
  addFromPrevious: { previous: null },
  noMaterials: { noMaterial: null },
  confirmNew: {},
};

export function freshContext(input: WizardInput): WizardContext {
  return {
    version: WIZARD_VERSION,
    mode: input.mode,
    flow: initialFlow(input),
    adoption: input.adoption ?? null,
    searchCriteria: null,
    material: null,
    proposal: null,
    previous: null,
    answers: null,
    noMaterial: null,
    sections: null,
    requestId: null,
    error: null,
    result: null,
  };
}
