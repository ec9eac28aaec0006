import type { OperationRun } from './fuzz-report.ts';

/**
 * Operations none of whose generated valid requests may get through: their bodies hold rules
 * random values rarely meet (a reset token, remember-me secret, metrics token, unsubscribe
 * link's token or student sign-in link's token that must be real, a student's own session (the
 * inclusive-access student page: the fuzz sends none; student-page tests cover it), a staff opt-out
 * whose term's deadline (which the programs' fuzzed calls set and clear) must not have passed, a store's
 * integration token (the inclusive-access lists' platform calls: the fuzz sends none; the
 * access-list tests and the authorization matrix cover it), a role change the account's roles must allow, an upload whose columns are still to be matched,
 * an adoption the course must still lack (or a change of one whose new start date and sections the
 * course's dates must allow), a rollover proposal on the caller's own section, a rollover's division, term and earlier term
 * that must agree (and its export's optional filters all of the store), an order
 * whose lines must be orderable, a funding source whose dates and terms must agree, store settings
 * whose version must be the digest of the settings as stored). Their
 * successes are checked against the document by their own suites: every test app checks its
 * answers (docs/openapi.md). Every other operation must answer a valid request with a success
 * at least once, so the fuzz checks a success of it too: a new operation whose requests never
 * get through (a missing hint, say) fails the suite until it does or is named here.
 */
export const MAY_NEVER_GET_THROUGH: ReadonlySet<string> = new Set([
  'GET /metrics',
  'GET /app-rest/admin_portal/v1/account/validateResetToken',
  'GET /app-rest/admin_portal/v1/labels/{token}',
  'GET /app-rest/adoption/v1/{userAccountId}/{divisionId}/{departmentCode}/{courseCode}/getAdoptionMaterialHistory',
  'GET /app-rest/adoption/v1/{userAccountId}/{divisionId}/{departmentCode}/{courseCode}/getAdoptionMaterials',
  'GET /app-rest/adoption/v1/{userAccountId}/{divisionId}/{departmentCode}/{courseCode}/getCourseCostGaps',
  'GET /app-rest/adoption/v1/{userAccountId}/{divisionId}/{departmentCode}/{courseCode}/getSectionsByDivisionAndCourse',
  'GET /app-rest/adoption/v1/{userAccountId}/rollover/unconfirmed.csv',
  'GET /app-rest/integration/v1/inclusiveAccess/sections/{sectionId}/accessList',
  'GET /app-rest/integration/v1/inclusiveAccess/terms/{termId}/accessLists',
  // A charge file needs a term past its deadline with lines not yet made, and a download a file
  // made: the charges' own tests (charges/charge-files.test.ts) and the matrix cover them.
  'POST /app-rest/admin_portal/v1/{userAccountId}/inclusiveAccess/terms/{termId}/chargeFiles',
  'GET /app-rest/admin_portal/v1/{userAccountId}/inclusiveAccess/terms/{termId}/chargeFiles/{fileNumber}/csv',
  'GET /app-rest/public/v1/campaignUnsubscribe',
  // A launch's pick code and a deep link's code must be real ones the portal made: the LTI
  // landing tests (modules/lti/landing) and the matrix cover them.
  'POST /app-rest/lti/v1/course-pick',
  'GET /app-rest/lti/v1/deep-link',
  'POST /app-rest/lti/v1/deep-link/answer',
  // Dynamic registration needs a real invite and a platform answering: the registrations'
  // tests (modules/lti/registrations) run it against a local platform.
  'POST /app-rest/lti/v1/dynamic-registration',
  'GET /app-rest/public/v1/inclusiveAccess/me',
  'GET /app-rest/saml/v1/test-result',
  'GET /site-config/logos/{fileName}',
  'POST /app-rest/admin_portal/v1/account/resume',
  'POST /app-rest/admin_portal/v1/{userAccountId}/assignUserRolesAndCatalog',
  'POST /app-rest/admin_portal/v1/{userAccountId}/createOrder',
  'POST /app-rest/admin_portal/v1/{userAccountId}/data/imports/{importId}/columns',
  'POST /app-rest/admin_portal/v1/{userAccountId}/createOrderPreview',
  'POST /app-rest/admin_portal/v1/{userAccountId}/funding/sources',
  'POST /app-rest/admin_portal/v1/{userAccountId}/funding/uploads/{uploadId}/apply',
  'POST /app-rest/admin_portal/v1/{userAccountId}/order/cancel',
  'POST /app-rest/admin_portal/v1/{userAccountId}/order/hold',
  'POST /app-rest/admin_portal/v1/{userAccountId}/rental/printLabel',
  'POST /app-rest/admin_portal/v1/{userAccountId}/sectionList',
  'POST /app-rest/admin_portal/v1/{userAccountId}/unAssignUserRoles',
  'POST /app-rest/admin_portal/v1/{userAccountId}/unAssignUserRolesAndCatalog',
  'POST /app-rest/adoption/v1/{userAccountId}/material/convertMaterialProposedToActualTitle',
  'POST /app-rest/adoption/v1/{userAccountId}/material/createAdoption',
  'POST /app-rest/adoption/v1/{userAccountId}/material/modifyAdoption',
  'POST /app-rest/adoption/v1/{userAccountId}/myCourses/adoptSameAsLastTime',
  'POST /app-rest/adoption/v1/{userAccountId}/myCourses/confirmRollover',
  'POST /app-rest/adoption/v1/{userAccountId}/rollover/apply',
  'POST /app-rest/adoption/v1/{userAccountId}/material/removeProposedTitleAutoAdoption',
  'POST /app-rest/adoption/v1/{userAccountId}/sendFutureAdoptionsEmail',
  'POST /app-rest/public/v1/campaignUnsubscribe',
  'POST /app-rest/public/v1/inclusiveAccess/session',
  'POST /app-rest/saml/v1/ticket',
  'PUT /app-rest/admin_portal/v1/account/resetPassword',
  'PUT /app-rest/public/v1/inclusiveAccess/me/sections/{participantId}',
  'PUT /app-rest/admin_portal/v1/{userAccountId}/funding/sources/{sourceId}',
  'PUT /app-rest/admin_portal/v1/{userAccountId}/store/settings',
  'PUT /app-rest/admin_portal/v1/{userAccountId}/student/inclusiveAccess/{participantId}',
]);

/** Operations that no valid request got through and that are not named as such. */
export function unexpectedlyUnreached(runs: readonly OperationRun[]): string[] {
  return runs
    .filter((r) => r.validAnswered === 0 && !MAY_NEVER_GET_THROUGH.has(r.key))
    .map((r) => `${r.key}: no valid request got through (add a hint, or name it in fuzz-reach.ts)`);
}
