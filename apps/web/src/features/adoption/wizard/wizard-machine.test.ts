import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdoptionMaterialDTO, MaterialSearchResult, ProposedTitleDTO } from '@csp/contracts';
import type { WizardContext, WizardEvent, WizardInput } from './wizard-context.ts';
import { FLOWS, WIZARD_PAGES, type WizardFlow, type WizardPage } from './wizard-flows.ts';
import { isBusy, nextButton, wizardMachine, wizardPage } from './wizard-machine.ts';
import type { QuestionsValues, SectionsValues } from './wizard-schemas.ts';

const MATERIAL = {
  source: 'CATALOG',
  titleId: 5,
  description: 'Cell Biology',
} as MaterialSearchResult;
const ADOPTION = { adoptionMaterialId: 101, noTextRequired: false } as AdoptionMaterialDTO;
const NTR_ADOPTION = { adoptionMaterialId: 104, noTextRequired: true } as AdoptionMaterialDTO;
const PROPOSED = { proposedTitleId: 9, description: 'Lab Notebook' } as ProposedTitleDTO;
const ANSWERS = { required: true, estimatedSectionEnrollment: 30 } as QuestionsValues;
const SECTIONS: SectionsValues = { sectionIdList: [12], showAll: false, message: '' };
const PROPOSAL = { description: 'Lab Notebook', proposedProductTypeId: 1 } as never;

interface Calls {
  saveProposal?: () => Promise<ProposedTitleDTO>;
  createAdoption?: (context: WizardContext) => Promise<AdoptionMaterialDTO>;
  modifyAdoption?: (context: WizardContext) => Promise<AdoptionMaterialDTO>;
  linkTitle?: (context: WizardContext) => Promise<AdoptionMaterialDTO>;
}

function start(input: WizardInput, calls: Calls = {}) {
  const ok = () => Promise.resolve(ADOPTION);
  const machine = wizardMachine.provide({
    actors: {
      saveProposal: fromPromise(calls.saveProposal ?? (() => Promise.resolve(PROPOSED))),
      createAdoption: fromPromise(({ input }) => (calls.createAdoption ?? ok)(input)),
      modifyAdoption: fromPromise(({ input }) => (calls.modifyAdoption ?? ok)(input)),
      linkTitle: fromPromise(({ input }) => (calls.linkTitle ?? ok)(input)),
    },
  });
  return createActor(machine, { input }).start();
}

type Actor = ReturnType<typeof start>;
const page = (actor: Actor) => wizardPage(actor.getSnapshot());
const settled = (actor: Actor) => waitFor(actor, (s) => !isBusy(s));

/** The event that finishes each page (its choice or its next button). */
const FINISH_PAGE: Record<WizardPage, (flow: WizardFlow) => WizardEvent> = {
  start: (flow) => ({ type: 'CHOOSE_FLOW', flow: FLOWS[flow][0] as 'search' }),
  search: (flow) =>
    flow === 'custom' ? { type: 'PROPOSE_CUSTOM' } : { type: 'PICK_MATERIAL', material: MATERIAL },
  productDetail: () => ({ type: 'PROPOSAL_NEXT', values: PROPOSAL }),
  questions: () => ({ type: 'QUESTIONS_NEXT', values: ANSWERS }),
  selectMaterial: () => ({ type: 'SECTIONS_NEXT', values: SECTIONS }),
  addFromPrevious: () => ({ type: 'PICK_PREVIOUS', adoption: ADOPTION }),
  noMaterials: () => ({ type: 'NO_MATERIALS_NEXT', values: { startDate: '2026-09-01' } as never }),
  confirmNew: () => ({ type: 'CONFIRM_NEXT' }),
};

const INPUTS: Record<WizardFlow, WizardInput> = {
  search: { mode: 'create' },
  custom: { mode: 'create' },
  addFromPrevious: { mode: 'create' },
  noMaterials: { mode: 'create' },
  editMaterial: { mode: 'edit', adoption: ADOPTION },
  editNoMaterial: { mode: 'edit', adoption: NTR_ADOPTION },
  linkNew: { mode: 'link_new', adoption: ADOPTION },
};

/** Walks a flow to its page `index`, returning the actor and the pages seen. */
async function walk(flow: WizardFlow, index: number, calls: Calls = {}) {
  const actor = start(INPUTS[flow], calls);
  const seen: (WizardPage | null)[] = [];
  if (page(actor) === 'start') actor.send(FINISH_PAGE.start(flow));
  for (let i = 0; i < index; i++) {
    seen.push(page(actor));
    actor.send(FINISH_PAGE[page(actor) as WizardPage](flow));
    await settled(actor);
  }
  seen.push(page(actor));
  return { actor, seen };
}

const FLOW_NAMES = Object.keys(FLOWS) as WizardFlow[];

describe('wizard machine: the flows of docs/behaviour/flows.md', () => {
  it.each(FLOW_NAMES)('%s goes through its pages in order', async (flow) => {
    const { seen } = await walk(flow, FLOWS[flow].length - 1);
    expect(seen).toEqual(FLOWS[flow]);
  });

  it('starts create mode on start, with no flow yet', () => {
    const actor = start({ mode: 'create' });
    expect(page(actor)).toBe('start');
    expect(actor.getSnapshot().context.flow).toBeNull();
  });

  it('starts edit at questions, or at selectMaterial for a no-text-required adoption', () => {
    expect(page(start({ mode: 'edit', adoption: ADOPTION }))).toBe('questions');
    expect(page(start({ mode: 'edit', adoption: NTR_ADOPTION }))).toBe('selectMaterial');
  });

  it('starts link_new at search, where a custom title is not offered', () => {
    const actor = start({ mode: 'link_new', adoption: ADOPTION });
    expect(page(actor)).toBe('search');
    actor.send({ type: 'PROPOSE_CUSTOM' });
    expect(page(actor)).toBe('search');
  });
});

describe('wizard machine: Back', () => {
  const cases = FLOW_NAMES.flatMap((flow) =>
    FLOWS[flow].slice(1).map((p, i) => [flow, p, i + 1] as const),
  );
  // Saves fail here, so the last page keeps what it was given until Back.
  const fail = () => Promise.reject(new Error('refused'));
  const failing: Calls = { createAdoption: fail, modifyAdoption: fail, linkTitle: fail };

  it.each(cases)('%s: back from %s goes one page back and clears its data', async (flow, p, i) => {
    const { actor } = await walk(flow, i, failing);
    expect(page(actor)).toBe(p);
    actor.send(FINISH_PAGE[p](flow)); // enter the page's data…
    await settled(actor);
    if (page(actor) !== p) {
      // …pages that move on when done: come back to them first.
      actor.send({ type: 'BACK' });
    }
    actor.send({ type: 'BACK' });
    const expected = p === 'productDetail' ? 'search' : FLOWS[flow][i - 1];
    expect(page(actor)).toBe(expected);
    const context = actor.getSnapshot().context;
    const owned: Partial<Record<WizardPage, unknown>> = {
      productDetail: context.proposal,
      questions: context.answers,
      selectMaterial: context.sections ?? context.requestId,
      noMaterials: context.noMaterial,
      confirmNew: context.error,
    };
    expect(owned[p] ?? null).toBeNull();
  });

  it.each(['search', 'custom', 'addFromPrevious', 'noMaterials'] as const)(
    '%s: back from the first page resets to start',
    async (flow) => {
      const { actor } = await walk(flow, 0);
      actor.send({ type: 'SEARCH', criteria: { searchString: 'cell' } as never });
      actor.send({ type: 'BACK' });
      expect(page(actor)).toBe('start');
      expect(actor.getSnapshot().context).toMatchObject({ flow: null, searchCriteria: null });
    },
  );

  it('returns from productDetail to the search flow', async () => {
    const { actor } = await walk('custom', 1);
    actor.send({ type: 'BACK' });
    expect(page(actor)).toBe('search');
    expect(actor.getSnapshot().context.flow).toBe('search');
  });

  it.each(['editMaterial', 'editNoMaterial', 'linkNew'] as const)(
    '%s: back from the first page leaves the wizard (cancelled)',
    (flow) => {
      const actor = start(INPUTS[flow]);
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().value).toBe('cancelled');
    },
  );

  it('keeps the search criteria when coming back from questions', async () => {
    const { actor } = await walk('search', 0);
    actor.send({ type: 'SEARCH', criteria: { searchString: 'cell' } as never });
    actor.send({ type: 'PICK_MATERIAL', material: MATERIAL });
    actor.send({ type: 'QUESTIONS_NEXT', values: ANSWERS });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    expect(page(actor)).toBe('search');
    expect(actor.getSnapshot().context.searchCriteria).toEqual({ searchString: 'cell' });
    expect(actor.getSnapshot().context.answers).toBeNull();
  });
});

describe('wizard machine: the next button', () => {
  const table: [WizardFlow, WizardPage, boolean, string][] = [
    ['search', 'search', false, 'Next'],
    ['search', 'questions', true, 'Next'],
    ['search', 'selectMaterial', true, 'Add Adoption'],
    ['custom', 'productDetail', true, 'Next'],
    ['addFromPrevious', 'addFromPrevious', false, 'Next'],
    ['noMaterials', 'noMaterials', true, 'Next'],
    ['noMaterials', 'selectMaterial', true, 'Add Adoption'],
    ['editMaterial', 'questions', true, 'Submit'],
    ['editMaterial', 'selectMaterial', true, 'Submit'],
    ['editNoMaterial', 'selectMaterial', true, 'Submit'],
    ['linkNew', 'search', false, 'Next'],
    ['linkNew', 'confirmNew', true, 'Link'],
  ];
  it.each(table)('%s / %s: visible %s, %s', async (flow, p, visible, label) => {
    const { actor } = await walk(flow, FLOWS[flow].indexOf(p as never));
    expect(page(actor)).toBe(p);
    expect(nextButton(actor.getSnapshot())).toEqual({ visible, label });
  });

  it('is hidden on start', () => {
    expect(nextButton(start({ mode: 'create' }).getSnapshot()).visible).toBe(false);
  });

  it('covers every page', () => {
    expect(new Set(table.map(([, p]) => p)).size + 1).toBe(WIZARD_PAGES.length);
  });
});

describe('wizard machine: saving', () => {
  it('creates the adoption once however often Next is pressed, then completes', async () => {
    let finish: (a: AdoptionMaterialDTO) => void = () => undefined;
    const create = vi.fn(() => new Promise<AdoptionMaterialDTO>((resolve) => (finish = resolve)));
    const actor = start({ mode: 'create' }, { createAdoption: create });
    actor.send({ type: 'CHOOSE_FLOW', flow: 'search' });
    actor.send({ type: 'PICK_MATERIAL', material: MATERIAL });
    actor.send({ type: 'QUESTIONS_NEXT', values: ANSWERS });
    actor.send({ type: 'SECTIONS_NEXT', values: SECTIONS });
    actor.send({ type: 'SECTIONS_NEXT', values: SECTIONS });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CANCEL' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(create).toHaveBeenCalledTimes(1);
    finish(ADOPTION);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().context.result).toBe(ADOPTION);
  });

  it('keeps every answer and the same request id when a save fails, and retries', async () => {
    const create = vi
      .fn<(c: WizardContext) => Promise<AdoptionMaterialDTO>>()
      .mockRejectedValueOnce(new Error('Error creating adoption: timed out'))
      .mockResolvedValueOnce(ADOPTION);
    const actor = start({ mode: 'create' }, { createAdoption: create });
    actor.send({ type: 'CHOOSE_FLOW', flow: 'search' });
    actor.send({ type: 'PICK_MATERIAL', material: MATERIAL });
    actor.send({ type: 'QUESTIONS_NEXT', values: ANSWERS });
    actor.send({ type: 'SECTIONS_NEXT', values: SECTIONS });
    await settled(actor);
    const failed = actor.getSnapshot();
    expect(failed.value).toEqual({ selectMaterial: 'failed' });
    expect(failed.context).toMatchObject({
      error: 'Error creating adoption: timed out',
      material: MATERIAL,
      answers: ANSWERS,
      sections: SECTIONS,
    });
    const requestId = failed.context.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    actor.send({ type: 'SECTIONS_NEXT', values: SECTIONS });
    await waitFor(actor, (s) => s.status === 'done');
    expect(create.mock.calls.map(([c]) => c.requestId)).toEqual([requestId, requestId]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('modifies in edit mode and links in link_new mode', async () => {
    const modify = vi.fn(() => Promise.resolve(ADOPTION));
    const edit = start({ mode: 'edit', adoption: ADOPTION }, { modifyAdoption: modify });
    edit.send({ type: 'QUESTIONS_NEXT', values: ANSWERS });
    edit.send({ type: 'SECTIONS_NEXT', values: SECTIONS });
    await waitFor(edit, (s) => s.status === 'done');
    expect(modify).toHaveBeenCalledWith(expect.objectContaining({ answers: ANSWERS }));

    const link = vi.fn(() => Promise.reject(new Error('Error updating adoption: gone')));
    const linking = start({ mode: 'link_new', adoption: ADOPTION }, { linkTitle: link });
    linking.send({ type: 'PICK_MATERIAL', material: MATERIAL });
    linking.send({ type: 'CONFIRM_NEXT' });
    await settled(linking);
    expect(linking.getSnapshot().value).toEqual({ confirmNew: 'failed' });
    expect(linking.getSnapshot().context).toMatchObject({
      error: 'Error updating adoption: gone',
      material: MATERIAL,
    });
  });

  it('keeps a custom title that failed to save, and saves it only once when unchanged', async () => {
    const save = vi
      .fn<() => Promise<ProposedTitleDTO>>()
      .mockRejectedValueOnce(new Error('Unable to save information! Nope'))
      .mockResolvedValue(PROPOSED);
    const again = start({ mode: 'create' }, { saveProposal: save });
    again.send({ type: 'CHOOSE_FLOW', flow: 'search' });
    again.send({ type: 'PROPOSE_CUSTOM' });
    again.send({ type: 'PROPOSAL_NEXT', values: PROPOSAL });
    await settled(again);
    expect(again.getSnapshot().value).toEqual({ productDetail: 'failed' });
    expect(again.getSnapshot().context.proposal?.values).toBe(PROPOSAL);
    again.send({ type: 'PROPOSAL_NEXT', values: PROPOSAL });
    await settled(again);
    again.send({ type: 'BACK' });
    again.send({ type: 'PROPOSAL_NEXT', values: PROPOSAL });
    expect(page(again)).toBe('questions');
    expect(save).toHaveBeenCalledTimes(2);
    expect(again.getSnapshot().context.proposal?.saved).toBe(PROPOSED);
  });

  it('resumes from a persisted snapshot on the same page with the same answers', async () => {
    const { actor } = await walk('search', 2);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never;
    const restored = createActor(wizardMachine, {
      snapshot: persisted,
      input: { mode: 'create' },
    }).start();
    expect(page(restored)).toBe('selectMaterial');
    expect(restored.getSnapshot().context).toMatchObject({ material: MATERIAL, answers: ANSWERS });
  });
});
