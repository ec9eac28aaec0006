import type { FastifyInstance } from 'fastify';
import {
  convertMaterialProposedToActualTitle,
  createAdoption,
  createProposedTitle,
  createTitle,
  getProposedTitleTypes,
  modifyAdoption,
  searchMaterials,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { createAdoptionFor } from './create.ts';
import { modifyAdoptionFor } from './edit.ts';
import { searchMaterialsFor } from './material-search.ts';
import { adopter } from '../adopter.ts';
import { listProposedProductTypes } from './proposed-type-repository.ts';
import { linkProposedTitle } from './title-link.ts';
import { createTitlesFromProducts, proposeTitle } from './titles.ts';

const TAGS = ['adoption'];

/** The adoption wizard's calls (docs/behaviour/calls.md): material search, titles, and adoption writes. */
export function registerWizardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getProposedTitleTypes, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return { proposedProductTypeDTOList: await listProposedProductTypes(db) };
  });

  route(app, searchMaterials, { tags: TAGS }, async ({ query, request }) => {
    await adopter(request);
    return searchMaterialsFor(db, request.session.locationId, query);
  });

  route(app, createTitle, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    await adopter(request);
    const titles = await createTitlesFromProducts(db, request.session, body.externalProductIdList);
    return { titleDTOList: titles };
  });

  route(app, createProposedTitle, { tags: TAGS }, async ({ body, request }) => {
    await adopter(request);
    return { proposedTitleDTO: await proposeTitle(db, request.session, body, deps.now()) };
  });

  route(app, createAdoption, { tags: TAGS, errors: [404, 409, 429] }, async ({ body, request }) => {
    const grants = await adopter(request);
    return {
      adoptionMaterial: await createAdoptionFor(deps, request.session, grants, body),
    };
  });

  route(app, modifyAdoption, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
    const grants = await adopter(request);
    return {
      adoptionMaterial: await modifyAdoptionFor(deps, request.session, grants, body),
    };
  });

  route(
    app,
    convertMaterialProposedToActualTitle,
    { tags: TAGS, errors: [404, 409] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return {
        adoptionMaterial: await linkProposedTitle(deps, request.session, grants, body),
      };
    },
  );
}
