import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdoptionMaterialDTO, ProposedTitleDTO } from '@csp/contracts';
import { newRequestId } from './request-id.ts';
import {
  PAGE_DATA,
  freshContext,
  type WizardContext,
  type WizardEvent,
  type WizardInput,
} from './wizard-context.ts';
import { WIZARD_PAGES, previousPage, type StartChoice, type WizardPage } from './wizard-flows.ts';
import type { ProposalValues } from './wizard-schemas.ts';

const NOT_PROVIDED = () => Promise.reject(new Error('The wizard was started without its calls'));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const wizardSetup = setup({
  types: {} as { context: WizardContext; events: WizardEvent; input: WizardInput },
  actors: {
    saveProposal: fromPromise<ProposedTitleDTO, ProposalValues | null>(NOT_PROVIDED),
    createAdoption: fromPromise<AdoptionMaterialDTO, WizardContext>(NOT_PROVIDED),
    modifyAdoption: fromPromise<AdoptionMaterialDTO, WizardContext>(NOT_PROVIDED),
    linkTitle: fromPromise<AdoptionMaterialDTO, WizardContext>(NOT_PROVIDED),
  },
  actions: {
    clearPage: assign((_, params: { page: WizardPage }) => ({
      ...PAGE_DATA[params.page],
      error: null,
    })),
    clearError: assign({ error: null }),
    ensureRequestId: assign({ requestId: ({ context }) => context.requestId ?? newRequestId() }),
    recordError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    // Saved: the submission is over, so a new one would need a new id.
    finish: assign((_, params: { adoption: AdoptionMaterialDTO }) => ({
      result: params.adoption,
      requestId: null,
    })),
  },
});

type Guarded = Parameters<typeof wizardSetup.createMachine>[0]['on'];

/**
 * Back from `page`: one page back clearing this page's data; from a flow's first page to start
 * (create mode), or out of the wizard where there is no start page (edit, link_new).
 */
function backFrom(page: WizardPage): NonNullable<Guarded>['BACK'] {
  return [
    {
      guard: ({ context }) => !previousPage(context.flow, page) && context.mode !== 'create',
      target: '#wizard.cancelled',
    },
    {
      guard: ({ context }) => !previousPage(context.flow, page),
      target: '#wizard.start',
      actions: assign(({ context }) => freshContext({ mode: context.mode })),
    },
    ...WIZARD_PAGES.map((to) => ({
      guard: ({ context }: { context: WizardContext }) => previousPage(context.flow, page) === to,
      target: `#wizard.${to}`,
      actions: { type: 'clearPage' as const, params: { page } },
    })),
  ];
}

// While a save is under way Back, Next and closing do nothing (the buttons are disabled too):
// closing then would leave the user not knowing whether the adoption was saved.
const IGNORE_WHILE_SAVING = {
  CANCEL: { actions: [] },
  BACK: { actions: [] },
  PROPOSAL_NEXT: { actions: [] },
  SECTIONS_NEXT: { actions: [] },
  CONFIRM_NEXT: { actions: [] },
};
const RECORD_ERROR = {
  type: 'recordError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
const FINISH = {
  type: 'finish',
  params: ({ event }: { event: { output: AdoptionMaterialDTO } }) => ({ adoption: event.output }),
} as const;

/**
 * The adoption wizard (docs/behaviour/routes-and-guard.md, docs/behaviour/flows.md): one state per page, the flow in the context. Saving pages
 * have substates idle -> saving -> failed; a failure keeps every answer and the next button
 * tries again. The calls themselves are provided by the React layer (`machine.provide`).
 */
export const wizardMachine = wizardSetup.createMachine({
  id: 'wizard',
  context: ({ input }) => freshContext(input),
  initial: 'init',
  on: { CANCEL: '.cancelled' },
  states: {
    init: {
      always: [
        { guard: ({ context }) => context.mode === 'create', target: 'start' },
        { guard: ({ context }) => context.flow === 'linkNew', target: 'search' },
        { guard: ({ context }) => context.flow === 'editNoMaterial', target: 'selectMaterial' },
        { target: 'questions' },
      ],
    },
    start: {
      on: {
        CHOOSE_FLOW: (['search', 'addFromPrevious', 'noMaterials'] as const).map((flow) => ({
          guard: ({ event }: { event: { flow: StartChoice } }) => event.flow === flow,
          target: flow,
          actions: assign({ flow }),
        })),
      },
    },
    search: {
      on: {
        SEARCH: { actions: assign({ searchCriteria: ({ event }) => event.criteria }) },
        PICK_MATERIAL: [
          {
            guard: ({ context }) => context.mode === 'link_new',
            target: 'confirmNew',
            actions: assign({ material: ({ event }) => event.material }),
          },
          {
            target: 'questions',
            actions: assign({ material: ({ event }) => event.material, flow: 'search' }),
          },
        ],
        PROPOSE_CUSTOM: {
          guard: ({ context }) => context.mode === 'create',
          target: 'productDetail',
          actions: assign({ flow: 'custom', material: null }),
        },
        BACK: backFrom('search'),
      },
    },
    productDetail: {
      initial: 'idle',
      on: {
        PROPOSAL_NEXT: [
          {
            // The same proposal again (Back from questions, then Next): no second proposed title.
            guard: ({ context, event }) =>
              context.proposal?.saved != null &&
              JSON.stringify(context.proposal.values) === JSON.stringify(event.values),
            target: 'questions',
            actions: 'clearError',
          },
          {
            target: '.saving',
            actions: assign({ proposal: ({ event }) => ({ values: event.values, saved: null }) }),
          },
        ],
        BACK: backFrom('productDetail'),
      },
      states: {
        idle: {},
        saving: {
          tags: 'busy',
          on: IGNORE_WHILE_SAVING,
          invoke: {
            src: 'saveProposal',
            input: ({ context }) => context.proposal?.values ?? null,
            onDone: {
              target: '#wizard.questions',
              actions: assign({
                proposal: ({ context, event }) =>
                  context.proposal && { ...context.proposal, saved: event.output },
                error: null,
              }),
            },
            onError: { target: 'failed', actions: RECORD_ERROR },
          },
        },
        failed: {},
      },
    },
    questions: {
      on: {
        QUESTIONS_NEXT: {
          target: 'selectMaterial',
          actions: assign({ answers: ({ event }) => event.values }),
        },
        BACK: backFrom('questions'),
      },
    },
    addFromPrevious: {
      on: {
        PICK_PREVIOUS: {
          target: 'questions',
          actions: assign({ previous: ({ event }) => event.adoption }),
        },
        BACK: backFrom('addFromPrevious'),
      },
    },
    noMaterials: {
      on: {
        NO_MATERIALS_NEXT: {
          target: 'selectMaterial',
          actions: assign({ noMaterial: ({ event }) => event.values }),
        },
        BACK: backFrom('noMaterials'),
      },
    },
    selectMaterial: {
      initial: 'idle',
      on: {
        SECTIONS_NEXT: [
          {
            guard: ({ context }) => context.mode === 'edit',
            target: '.modifying',
            actions: assign({ sections: ({ event }) => event.values, error: null }),
          },
          {
            target: '.creating',
            actions: [
              assign({ sections: ({ event }) => event.values, error: null }),
              'ensureRequestId',
            ],
          },
        ],
        BACK: backFrom('selectMaterial'),
      },
      states: {
        idle: {},
        creating: {
          tags: 'busy',
          on: IGNORE_WHILE_SAVING,
          invoke: {
            src: 'createAdoption',
            input: ({ context }) => context,
            onDone: { target: '#wizard.complete', actions: FINISH },
            onError: { target: 'failed', actions: RECORD_ERROR },
          },
        },
        modifying: {
          tags: 'busy',
          on: IGNORE_WHILE_SAVING,
          invoke: {
            src: 'modifyAdoption',
            input: ({ context }) => context,
            onDone: { target: '#wizard.complete', actions: FINISH },
            onError: { target: 'failed', actions: RECORD_ERROR },
          },
        },
        failed: {},
      },
    },
    confirmNew: {
      initial: 'idle',
      on: {
        CONFIRM_NEXT: { target: '.linking', actions: 'clearError' },
        BACK: backFrom('confirmNew'),
      },
      states: {
        idle: {},
        linking: {
          tags: 'busy',
          on: IGNORE_WHILE_SAVING,
          invoke: {
            src: 'linkTitle',
            input: ({ context }) => context,
            onDone: { target: '#wizard.complete', actions: FINISH },
            onError: { target: 'failed', actions: RECORD_ERROR },
          },
        },
        failed: {},
      },
    },
    complete: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

// The snapshot helpers the pages and tests share live beside the flows they read.
export { isBusy, nextButton, wizardPage } from './wizard-flows.ts';
