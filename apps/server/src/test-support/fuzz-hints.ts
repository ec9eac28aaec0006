import fc from 'fast-check';
import {
  LTI_DEFAULT_COURSE_PATTERN,
  RESET_TOKEN_PLACEHOLDER,
  uploadAllowances,
  uploadImport,
  uploadWebsiteLogo,
  type Endpoint,
} from '@csp/contracts';
import type { Operation } from './api-operations.ts';
import type { RawBody } from './contract-arbitraries.ts';
import { allowanceFiles, importFiles, logoFiles, type FileSamples } from './fuzz-files.ts';
import type { FuzzWorld } from './fuzz-world.ts';
import type { Hint, HintLookup } from './json-schema-arbitrary.ts';
import { FIXTURE_HOSTS, FIXTURE_PASSWORD } from './test-fixture.ts';

const from = <T>(values: T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

/**
 * Real values for inputs, by field name wherever the field is (path, query or body; `name[]`
 * for an array's items). A generated valid request takes a hinted field's value from here three
 * times in four, so it names rows that exist and reaches the handler's work. Every path
 * parameter must have a hint: the suite fails for one without.
 */
export function fuzzHints(w: FuzzWorld): Record<string, fc.Arbitrary<unknown> | Hint> {
  return {
    // The caller's own account: any other is refused before the handler (the path variants
    // send other values).
    userAccountId: { values: fc.constant(w.admin.accountId), always: true },
    divisionId: from(w.divisions),
    termId: from(w.terms),
    targetTermId: from(w.terms),
    sourceTermId: from(w.terms),
    'adoptionMaterialIds[]': from(w.adoptions),
    'termIds[]': from(w.terms),
    departmentId: from(w.departments),
    departmentCode: from(['BIO', 'LAW']),
    courseCode: from(['101', '201']),
    courseId: from(w.courses),
    sectionId: from(w.sections),
    'sectionIdList[]': from(w.sections),
    'sectionIds[]': from(w.sections),
    professorId: from(w.professors),
    customerId: from(w.students.ids),
    participantId: from(w.iaParticipants),
    // A term's charge file by its number (the world's terms have none: a 404 naming it).
    fileNumber: from([1, 2]),
    studentIdNum: from(w.students.idNums),
    sortDirection: from(['asc', 'desc']),
    titleId: from(w.titles),
    titleToConvertToId: from(w.titles),
    adoptionMaterialId: from(w.adoptions),
    proposedProductTypeId: from(w.proposedTypes),
    'externalProductIdList[]': from(w.externalProducts),
    orderId: from(w.orderIds),
    transItemId: from(w.rentals),
    'transItemIdList[]': from(w.rentals),
    marketplaceCondition: from(['Good', 'Damaged']),
    shippingMethod: from(['PICKUP', 'STANDARD', 'EXPEDITED']),
    sourceId: from(w.funding.sources),
    allowanceId: from(w.funding.allowances),
    uploadId: from(w.funding.uploads),
    importId: from(w.imports),
    token: from(w.labelTokens),
    jsonFileName: from(['store-a.json', 'store-b.json']),
    fileName: from([
      'store-a-logo.svg',
      'allowances.csv',
      'allowances.xlsx',
      'people.csv',
      'sections.xlsx',
    ]),
    formatId: from(w.formats.map((f) => f.formatId)),
    id: from(w.roles),
    locationId: from(w.locations),
    userName: from([w.admin.userName, ...w.accounts.names]),
    user_name: fc.constant(w.admin.userName),
    // Another account than the caller's own: role changes never take the caller's roles away.
    username: from(w.accounts.names),
    newUsername: fc.nat({ max: 99_999 }).map((n) => `fuzz-${n}@store-a.test`),
    password: fc.constant(FIXTURE_PASSWORD),
    resetUrl: fc.constant(`https://${FIXTURE_HOSTS.a}/reset?token=${RESET_TOKEN_PLACEHOLDER}`),
    // A person's address, as typed (a campaign's people left out).
    email: from(['someone@store-a.test', ' Ida.Instructor@Store-A.test ']),
    overrideEmail: from(['textbooks@store-a.test', w.admin.userName]),
    searchString: from(['Bio', '9780306406157', 'Contracts', 'Instructor', 'store-a.test']),
    studentSearch: from(['Student1', '9000', 'Tester']),
    version: from([0, 1, 2]),
    websiteId: from(w.websites),
    // Brand colours: two that white text reads on, one it does not.
    primaryColor: from(['#1a3d6d', '#004d40', '#ffcc00']),
    secondaryColor: from(['#8d2a1e', '#ad1457']),
    publicUrl: from([null, 'https://books.store-a.test']),
    siteTitle: from(['Store A Bookstore', 'Store A Campus Store']),
    kind: from(['wide', 'mobile']),
    // Learning platforms: their addresses (https, or http on this computer) and course patterns.
    registrationId: from(w.ltiRegistrations),
    // Always: a registration takes several addresses, and random text is seldom one.
    issuer: { values: from(['https://canvas.example.edu', 'http://localhost:9001']), always: true },
    keySetUrl: {
      values: from(['https://canvas.example.edu/jwks', 'http://127.0.0.1:9001/jwks']),
      always: true,
    },
    authorizationEndpoint: { values: from(['https://canvas.example.edu/auth']), always: true },
    tokenEndpoint: from([null, 'https://canvas.example.edu/token']),
    'frameOrigins[]': { values: from(['https://school.example.edu']), always: true },
    // Distinct: a registration lists each deployment once.
    'deploymentIds[]': fc.uuid(),
    coursePattern: {
      values: from([LTI_DEFAULT_COURSE_PATTERN, '{dept}{course} {term}']),
      always: true,
    },
    'sampleIds[]': from(['2026FA-BIO-101-001', 'Fall 2026-BIO-101-1', 'nothing']),
  };
}

export function hintLookup(hints: Record<string, fc.Arbitrary<unknown> | Hint>): HintLookup {
  return (name) => {
    const hint = Object.hasOwn(hints, name) ? hints[name] : undefined;
    return hint instanceof fc.Arbitrary ? { values: hint } : hint;
  };
}

/** The document's key of a contract (or a route): `POST /app-rest/…/{name}`. */
export function operationKey(contract: Pick<Endpoint, 'method' | 'path'>): string {
  return `${contract.method} ${contract.path.replace(/:(\w+)/g, '{$1}')}`;
}

/**
 * The operations whose body is a file, with the files to send. An operation the document
 * gives a non-JSON body and that is not listed here has no generator: the suite fails for it.
 */
export function fileUploads(
  w: FuzzWorld,
  samples: FileSamples,
): Record<string, fc.Arbitrary<RawBody>> {
  return {
    [operationKey(uploadAllowances)]: allowanceFiles(samples, w.students.idNums),
    [operationKey(uploadImport)]: importFiles(samples, w.formats),
    [operationKey(uploadWebsiteLogo)]: logoFiles(),
  };
}

/** Path parameters of the operation with no hint: valid requests could never name a real row. */
export function unhintedPathParameters(op: Operation, hints: HintLookup): string[] {
  return op.params.filter((p) => !hints(p.name)).map((p) => p.name);
}
