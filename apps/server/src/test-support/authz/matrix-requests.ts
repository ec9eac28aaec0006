import {
  IA_DEFAULT_CHARGE_FILE_COLUMNS,
  RESET_TOKEN_PLACEHOLDER,
  type Access,
  type Endpoint,
} from '@csp/contracts';
import { FIXTURE_HOSTS, FIXTURE_PASSWORD } from '../test-fixture.ts';
import { validSample } from '../valid-sample.ts';
import type { Item } from './expected-answer.ts';
import type { MatrixWorld } from './matrix-world.ts';

/** A contract by its export name. */
export interface NamedContract {
  name: string;
  contract: Endpoint;
}

/** Who asks, about what. */
export interface Asker {
  userName: string;
  accountId: number;
  item: Item;
  /** A `self` field names another account. */
  other: boolean;
}

export interface MatrixRequest {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  contentType?: string;
  /** Where the request names records of store A: another store's caller must not reach them. */
  namesStoreRecords: { inPath: boolean; anywhere: boolean };
}

/** Files the upload contracts take as their raw body. */
const RAW_BODIES: Record<string, string> = {
  uploadImport: 'student_id,first_name,last_name\n555000009,Mat,Rix\n',
  uploadAllowances: 'studentIdNum,amount\n555000001,10.00\n',
};

/**
 * Optional fields left out although the world could fill them: required materials' `sectionId`
 * narrows the answer to one section (refused on its own when not visible), and the student's
 * own scope is what the matrix checks there.
 */
const LEFT_OUT: Record<string, readonly string[]> = {
  getStudentRequiredMaterials: ['sectionId'],
};

/** The contracts that take a rental label's token: its content for DYMO, and its PDF. */
const LABEL_CONTRACTS = new Set(['getRentalLabelContent', 'getRentalLabelPdf']);

/** Fields that name records of one store: another store's caller must not reach them. */
const STORE_RECORDS = new Set([
  'divisionId',
  'termId',
  'termIds',
  'targetTermId',
  'departmentId',
  'sectionId',
  'sectionIdList',
  'sectionIds',
  'professorId',
  'adoptionMaterialId',
  'customerId',
  'orderId',
  'transItemId',
  'transItemIdList',
  'titleId',
  'titleToConvertToId',
  'allowanceId',
  'sourceId',
  'uploadId',
  'importId',
  'studentIdNum',
  'participantId',
  'registrationId',
  'AuthCatalogList',
  'AuthCatalog',
]);

/**
 * A valid request of `contract` for `asker`: the contract's zod schemas give the shape (see
 * valid-sample.ts), and the world gives the ids, chosen by field name and by the item asked
 * about. Every id is a real record of store A, so the server reaches the check under test.
 */
export function buildRequest(
  world: MatrixWorld,
  { name, contract }: NamedContract,
  asker: Asker,
): MatrixRequest {
  const { ids } = world;
  const side = asker.item === 'outside' ? 'outside' : 'inside';
  const untaught = asker.item === 'untaught';
  let names = false;
  const selfField = contract.access.kind === 'signedIn' ? contract.access.self?.field : undefined;
  const adoptionId = () => {
    if (name === 'removeProposedTitleAutoAdoption') return ids.proposedAuto[side];
    if (name === 'convertMaterialProposedToActualTitle') return ids.proposedSection[side];
    return untaught ? ids.adoption.untaught : ids.adoption[side];
  };
  const section = () => (untaught ? ids.sectionId.untaught : ids.sectionId[side]);
  const byField: Record<string, () => unknown> = {
    userAccountId: () => asker.accountId,
    divisionId: () => ids.divisionId[side],
    termId: () => ids.termId[side],
    termIds: () => [ids.termId.inside],
    targetTermId: () => ids.termId[side],
    departmentId: () => ids.departmentId[side],
    departmentCode: () => ids.departmentCode[side],
    courseCode: () => ids.courseCode[side],
    sectionId: section,
    sectionIdList: () => [section()],
    sectionIds: () => [section()],
    professorId: () => ids.professorId[side],
    adoptionMaterialId: adoptionId,
    customerId: () => ids.student[side],
    orderId: () => (name === 'unholdOrder' ? ids.heldOrder[side] : ids.openOrder[side]),
    transItemId: () => ids.rental[side],
    transItemIdList: () => [ids.rental[side]],
    titleId: () => ids.title[side],
    titleToConvertToId: () => ids.title.inside,
    allowanceId: () => ids.allowance.inside,
    sourceId: () => ids.sourceId,
    uploadId: () => ids.uploadId,
    importId: () => ids.importId,
    externalProductIdList: () => [ids.externalProductId],
    proposedProductTypeId: () => ids.proposedProductTypeId,
    locationId: () => ids.locationId,
    studentIdNum: () => ids.studentIdNum.inside,
    participantId: () => ids.iaParticipant[side],
    // The delete takes a registration of its own: the others still find theirs after it.
    registrationId: () => ids.ltiRegistrations[name === 'deleteLtiRegistration' ? 1 : 0],
    // One client id per contract: a registration made and one changed never clash (409).
    clientId: () => `matrix-${name}`,
    // A charge file layout must name the student ID and the amount (the default one does).
    columns: () => (name === 'saveIaChargeFileLayout' ? IA_DEFAULT_CHARGE_FILE_COLUMNS : undefined),
    token: () => (LABEL_CONTRACTS.has(name) ? ids.labelToken : undefined),
    Role: () => ({ id: ids.roleId }),
    AuthCatalogList: () => [{ divisionId: ids.divisionId.inside, departmentCode: 'BIO' }],
    AuthCatalog: () => ({ divisionId: ids.divisionId.inside, departmentCode: 'BIO' }),
    username: () =>
      selfField === 'username'
        ? asker.other
          ? world.target.userName
          : asker.userName
        : world.target.userName,
    user_name: () => (asker.other ? world.target.userName : asker.userName),
    newUsername: () => 'new-matrix-account@store-a.test',
    userName: () => world.callers['storeAdmin']?.userName,
    password: () => FIXTURE_PASSWORD,
    email: () =>
      name === 'requestPasswordReset' ? world.callers['storeAdmin']?.userName : undefined,
    resetUrl: () => `https://${FIXTURE_HOSTS.a}/reset-password?token=${RESET_TOKEN_PLACEHOLDER}`,
    jsonFileName: () => 'store-a.json',
    searchString: () => (name === 'getWebsite' ? FIXTURE_HOSTS.a : 'Biology'),
    fileName: () => (name === 'getLogoFile' ? 'store-a-logo.png' : 'matrix.csv'),
    formatId: () => 'students-enrollments',
    shippingMethod: () => 'PICKUP',
    marketplaceCondition: () => 'Good',
    remove: () => false,
    startDateThreshold: () => 365,
    // At the store's own domain: an address the store knows (ADR 0024).
    contactEmail: () => 'chair@store-a.test',
  };
  const fill = (path: readonly string[]) => {
    const key = [...path].reverse().find((p) => !/^\d+$/.test(p));
    if (key === undefined || LEFT_OUT[name]?.includes(key)) return undefined;
    // A body `id` is a role id (assignUserRoles); `Role.id` comes with its object.
    if (key === 'id' && path.length === 1) return ids.roleId;
    const value = byField[key]?.();
    if (value === undefined) return undefined;
    if (STORE_RECORDS.has(key)) names = true;
    if (key === 'username' && value === world.target.userName) names = true;
    if (key === 'token' && LABEL_CONTRACTS.has(name)) names = true;
    return value;
  };
  const part = (schema: Endpoint['params']) =>
    schema ? (validSample(schema, fill) as Record<string, unknown>) : {};
  const raw = RAW_BODIES[name];
  const params = asStrings(part(contract.params)) as Record<string, string>;
  const inPath = names;
  const query = asStrings(part(contract.query));
  const body = raw ?? (contract.body ? validSample(contract.body, fill) : undefined);
  return {
    params,
    query,
    body,
    contentType: raw === undefined ? undefined : 'text/csv',
    namesStoreRecords: { inPath, anywhere: names },
  };
}

/** Query strings and path parameters travel as text. */
function asStrings(values: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.map((v) => String(v)) : String(value);
  }
  return out;
}

/** Whether the declaration asks about an item (so the matrix asks inside and outside). */
export function namesAnItem(access: Access): boolean {
  return access.kind === 'action' && access.scope !== 'store';
}
