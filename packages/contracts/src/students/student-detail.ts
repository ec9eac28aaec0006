import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { STUDENT_LOOKUP_ACTIONS, customerIdParam, studentAccountParams } from './student-search.ts';

export const customerQuery = z.object({ customerId: customerIdParam });

/** docs/behaviour/entities.md: a preference whose division is NO_CURRENT_ENROLLMENT means none. */
export const NO_CURRENT_ENROLLMENT = 'NO_CURRENT_ENROLLMENT';

export const fulfillmentPreference = z.object({
  /** The division's name, or NO_CURRENT_ENROLLMENT. */
  divisionName: z.string(),
  /** RENT_NEW, RENT_USED, BUY_NEW, BUY_USED, DIGITAL, OPT_OUT. */
  fulfillment: z.string(),
  fulfillmentFriendlyName: z.string(),
  updatedAt: z.string(),
});
export type FulfillmentPreference = z.infer<typeof fulfillmentPreference>;

export const shippingAddress = z.object({
  streetOne: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** docs/behaviour/entities.md#student-detail. */
export const studentDetail = z.object({
  customerId: z.number().int(),
  /** "First Last". */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  studentIdNum: z.string(),
  email: z.string(),
  fulfillmentPreferences: z.array(fulfillmentPreference),
  /** Friendly text, e.g. 'Pick up in store'. */
  shippingPreference: z.string(),
  /** Only for holders of VIEW_STUDENT_ADDRESS; null otherwise (or when the student has none). */
  shippingAddress: shippingAddress.nullable(),
  /** Whether the caller may see the address (so a null address is explained honestly). */
  addressVisible: z.boolean(),
  deliveryNote: z.string(),
});
export type StudentDetail = z.infer<typeof studentDetail>;

export const getStudentDetails = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/details`,
  summary:
    "A student's details: name, student ID, fulfilment preference per division, shipping preference, delivery note, and the shipping address for holders of VIEW_STUDENT_ADDRESS",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'student' },
  params: studentAccountParams,
  query: customerQuery,
  response: z.object({ studentDetail }),
});

/** What a student already has of a required material. */
export const ownedMaterial = z.object({
  orderId: z.number().int(),
  /** RENT_NEW, RENT_USED, BUY_NEW, BUY_USED, DIGITAL. */
  fulfillmentType: z.string(),
  /** PENDING, FULFILLED. */
  status: z.string(),
});

export const requiredMaterial = z.object({
  sectionId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  sectionCode: z.string(),
  /** Cut at the first hyphen (docs/behaviour/constants.md). */
  termName: z.string(),
  divisionName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Null for a section whose adoption says no text is required. */
  adoptionMaterialId: z.number().int().nullable(),
  titleId: z.number().int().nullable(),
  isbn: z.string().nullable(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  edition: z.string().nullable(),
  required: z.boolean(),
  noTextRequired: z.boolean(),
  /** The student's order item for this title (not cancelled), if any. */
  owned: ownedMaterial.nullable(),
});
export type RequiredMaterial = z.infer<typeof requiredMaterial>;

export const getStudentRequiredMaterials = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/requiredMaterials`,
  summary:
    "The adopted materials of the student's current and upcoming sections (not ended), with what the student already bought or rents of each; sections with no text required are listed as such. With `sectionId`: that section's alone, ended or not (404 naming sectionId when the student is not enrolled in it)",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'student' },
  params: studentAccountParams,
  query: customerQuery.extend({ sectionId: dbIdParam.optional() }),
  response: z.object({ requiredMaterials: z.array(requiredMaterial) }),
});

/** docs/behaviour/entities.md#marketplace-condition: name, keyed by name. */
export const marketplaceCondition = z.object({ name: z.string() });

export const getMarketplaceConditions = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getMarketplaceConditions`,
  summary: "The store's return conditions, best first",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'store' },
  params: studentAccountParams,
  response: z.object({ market_conditions: z.array(marketplaceCondition) }),
});
