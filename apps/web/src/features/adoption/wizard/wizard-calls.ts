import { fromPromise } from 'xstate';
import {
  convertMaterialProposedToActualTitle,
  createAdoption,
  createProposedTitle,
  createTitle,
  modifyAdoption,
} from '@csp/contracts';
import { useCallerParams, useContractCall } from '../../../lib/contract-query.ts';
import type { CourseRef } from '../course-detail/course-ref.ts';
import type { WizardContext } from './wizard-context.ts';
import type { ProposalValues } from './wizard-schemas.ts';
import { wizardMachine } from './wizard-machine.ts';
import {
  adoptedMaterial,
  createAdoptionRequest,
  createFailureMessage,
  modifyAdoptionRequest,
  proposalFailureMessage,
  searchResultMaterial,
  updateFailureMessage,
  type AdoptedMaterial,
  type StoreMaterial,
} from './wizard-requests.ts';

type Call = ReturnType<typeof useContractCall>;
interface Caller {
  call: Call;
  params: { userAccountId: number };
}

/** An external product becomes a store title first; createTitle answers an existing one too. */
async function toStoreMaterial(material: AdoptedMaterial, { call, params }: Caller) {
  if (!('externalProductId' in material)) return material as StoreMaterial;
  const { titleDTOList } = await call(createTitle, {
    params,
    body: { externalProductIdList: [material.externalProductId] },
  });
  const title = titleDTOList[0];
  if (!title) throw new Error('The product could not be added to the catalog');
  return { titleId: title.id };
}

/**
 * Throws an Error carrying the user's words for a failure, which the machine keeps as its
 * `error`: the wording depends on which call failed (docs/behaviour/messages.md).
 */
async function worded<T>(work: () => Promise<T>, words: (error: unknown) => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(words(error), { cause: error });
  }
}

function wizardCalls(caller: Caller, course: CourseRef) {
  return {
    saveProposal: fromPromise(({ input }: { input: ProposalValues | null }) =>
      worded(async () => {
        if (!input) throw new Error('The custom title is missing');
        const { call, params } = caller;
        return (await call(createProposedTitle, { params, body: input })).proposedTitleDTO;
      }, proposalFailureMessage),
    ),
    createAdoption: fromPromise(({ input }: { input: WizardContext }) =>
      worded(
        async () => {
          const material = await toStoreMaterial(adoptedMaterial(input), caller);
          const body = createAdoptionRequest(input, course, material);
          const { call, params } = caller;
          return (await call(createAdoption, { params, body })).adoptionMaterial;
        },
        (error) => createFailureMessage(error, input.answers?.autoAdopt ?? false),
      ),
    ),
    modifyAdoption: fromPromise(({ input }: { input: WizardContext }) =>
      worded(async () => {
        const { call, params } = caller;
        const body = modifyAdoptionRequest(input);
        return (await call(modifyAdoption, { params, body })).adoptionMaterial;
      }, updateFailureMessage),
    ),
    linkTitle: fromPromise(({ input }: { input: WizardContext }) =>
      worded(async () => {
        if (!input.material || !input.adoption) throw new Error('No title was chosen');
        const material = await toStoreMaterial(searchResultMaterial(input.material), caller);
        if (!('titleId' in material)) throw new Error('No title was chosen');
        const { call, params } = caller;
        const body = {
          adoptionMaterialId: input.adoption.adoptionMaterialId,
          titleToConvertToId: material.titleId,
        };
        return (await call(convertMaterialProposedToActualTitle, { params, body }))
          .adoptionMaterial;
      }, updateFailureMessage),
    ),
  };
}

/**
 * The wizard machine with its calls, made on every render: @xstate/react hands the running
 * actor the newest implementations, so a call always goes with the current token.
 */
export function useProvidedWizardMachine(course: CourseRef) {
  const caller: Caller = { call: useContractCall(), params: useCallerParams() };
  return wizardMachine.provide({ actors: wizardCalls(caller, course) });
}
