import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';

/** `{adoptionUrl}/{userAccountId}/...`: every adoption call names the caller's own account. */
export const adoptionAccountParams = z.object({ userAccountId: dbIdParam });

/**
 * The catalog's action-type filter (docs/behaviour/calls.md#adoption-base getCourseList `actionType`): which courses to list by
 * what they still need. ALL_COURSES is the default.
 */
export const CATALOG_ACTION_TYPES = {
  ALL_COURSES: 'All courses',
  NEEDS_ADOPTION: 'Needs adoption',
  ADOPTED: 'Adopted',
  RESPONSE_REQUIRED: 'Response required',
  NO_TEXT_REQUIRED: 'No text required',
} as const;
export type CatalogActionType = keyof typeof CATALOG_ACTION_TYPES;
export const catalogActionType = z.enum(
  Object.keys(CATALOG_ACTION_TYPES) as [CatalogActionType, ...CatalogActionType[]],
  { error: `must be one of ${Object.keys(CATALOG_ACTION_TYPES).join(', ')}` },
);

/** An adoption's messaging status (docs/behaviour/entities.md adoptionMessagingStatusName; docs/behaviour/flows.md#create-edit-and-link RESPONSE_REQUIRED). */
export const MESSAGING_STATUSES = {
  NONE: 'No messages',
  RESPONSE_REQUIRED: 'Response required',
  RESPONDED: 'Responded',
} as const;
export type MessagingStatus = keyof typeof MESSAGING_STATUSES;

/** What an adoption's history records (the activity timeline of one adoption). */
export const ADOPTION_ACTIVITY_ACTIONS = {
  CREATED: 'Adopted',
  MODIFIED: 'Changed',
  REMOVED_FROM_SECTION: 'Removed from a section',
  AUTO_ADOPTION_REMOVED: 'Course adoption removed',
  PROPOSED_TITLE_CONVERTED: 'Proposed title linked to a catalog title',
  MESSAGE_POSTED: 'Message posted',
  /** Written or changed by an adoption history import (details: the import's id and file). */
  IMPORTED: 'Imported from a file',
  /** Carried forward from an earlier term by the store's rollover (details: from, term). */
  ROLLED_OVER: 'Proposed by rollover',
  /** A rollover's proposal confirmed by the instructor on My courses. */
  ROLLOVER_CONFIRMED: 'Rollover proposal confirmed',
} as const;
export type AdoptionActivityAction = keyof typeof ADOPTION_ACTIVITY_ACTIONS;

/** A code and the words staff read for it. */
const namedCode = z.object({ name: z.string(), label: z.string() });
export type NamedCode = z.infer<typeof namedCode>;

export const getCatalogActionList = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getCatalogActionList`,
  summary: "The catalog's action-type filter choices, in display order",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  response: z.array(z.object({ actionType: catalogActionType, label: z.string() })),
});

export const getAdoptionMaterialMessagingStatusList = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionMaterialMessagingStatusList`,
  summary: "An adoption's messaging statuses",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  response: z.array(namedCode),
});

export const getAdoptionActivityActionList = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionActivityActionList`,
  summary: 'What an adoption history entry can record',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  response: z.array(namedCode),
});

export const proposedProductType = z.object({
  proposedProductTypeId: z.number().int(),
  name: z.string(),
});
export type ProposedProductType = z.infer<typeof proposedProductType>;

export const getProposedTitleTypes = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getProposedTitleTypes`,
  summary: 'Kinds of material a proposed title can be, by name',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  response: z.object({ proposedProductTypeDTOList: z.array(proposedProductType) }),
});
