import {
  LTI_REFUSALS,
  LTI_REGISTRATION_MESSAGES,
  ltiRegistrationInput,
  type LtiLaunchLogEntry,
  type LtiRegistration,
  type LtiRegistrationInput,
} from '@csp/contracts';
import { json, type StubRequest } from '../fetch-stub.ts';

export const LTI_BASE_PATH = '/app-rest/admin_portal/v1/7/lti';
export const REGISTRATIONS_PATH = `${LTI_BASE_PATH}/registrations`;
export const registrationPath = (id: number) => `${REGISTRATIONS_PATH}/${id}`;
export const PREVIEW_PATH = `${LTI_BASE_PATH}/coursePatternPreview`;
export const INVITES_PATH = `${LTI_BASE_PATH}/registrationInvites`;
export const LAUNCHES_PATH = `${LTI_BASE_PATH}/launches`;

export const CANVAS: LtiRegistration = {
  registrationId: 4,
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000001',
  deploymentIds: ['1:abc'],
  keySetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  authorizationEndpoint: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  tokenEndpoint: null,
  frameOrigins: ['https://springfield.instructure.com'],
  coursePattern: '{term}-{dept}-{course}-{section}',
  grantInstructors: false,
  createdAt: '2026-08-01T10:00:00.000Z',
  updatedAt: '2026-08-01T10:00:00.000Z',
  dynamic: false,
};

const REFUSAL: LtiLaunchLogEntry = {
  launchId: 9,
  at: '2026-09-01T14:05:00.000Z',
  outcome: 'REFUSED',
  reason: 'expired',
  reasonText: LTI_REFUSALS.expired,
  detail: 'exp 2026-09-01T13:00:00Z is past',
  registrationName: 'Canvas',
  role: null,
  messageType: 'LtiResourceLinkRequest',
  contextLabel: 'BIOL 101',
  person: null,
  sectionLabel: null,
};

/** A launch of each kind of person the log names (newest first, before the refusal). */
export const PEOPLES_LAUNCHES: LtiLaunchLogEntry[] = [
  {
    launchId: 12,
    at: '2026-09-01T14:20:00.000Z',
    outcome: 'LAUNCHED',
    reason: null,
    reasonText: null,
    detail: 'the account signed in to the launched section',
    registrationName: 'Canvas',
    role: 'INSTRUCTOR',
    messageType: 'LtiResourceLinkRequest',
    contextLabel: 'CHEM-447-A1',
    person: {
      kind: 'ACCOUNT',
      name: 'Ines Instructor',
      userName: 'ines.instructor@springfield.edu',
    },
    sectionLabel: 'CHEM 447 section A1, Spring 2027',
  },
  {
    launchId: 11,
    at: '2026-09-01T14:15:00.000Z',
    outcome: 'LAUNCHED',
    reason: null,
    reasonText: null,
    detail: 'student 41 signed in to the section’s materials',
    registrationName: 'Canvas',
    role: 'LEARNER',
    messageType: 'LtiResourceLinkRequest',
    contextLabel: 'BIOL-101-001',
    person: { kind: 'STUDENT', name: 'Sam Student' },
    sectionLabel: 'BIOL 101 section 001, Fall 2026',
  },
  {
    launchId: 10,
    at: '2026-09-01T14:10:00.000Z',
    outcome: 'REFUSED',
    reason: 'no-role',
    reasonText: LTI_REFUSALS['no-role'],
    detail: 'the roles claim names no role the portal knows',
    registrationName: 'Canvas',
    role: null,
    messageType: 'LtiResourceLinkRequest',
    contextLabel: 'BIOL-101-001',
    person: { kind: 'UNKNOWN', platformId: '8f3a0c1e-5b2d-4e6f-9a7b-0123456789abcdef0123456789' },
    sectionLabel: null,
  },
];

type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * A stand-in for the registrations' endpoints as the server answers them: the contract's body
 * check (400 naming the field), 409 for an issuer and client id the store has, 404 for an id it
 * does not; the preview maps ids starting with "2026FA-BIOL-101" to BIOL 101 section 001.
 */
export class FakeLtiServer {
  registrations: LtiRegistration[] = [structuredClone(CANVAS)];
  launches: LtiLaunchLogEntry[] = [REFUSAL];
  private serial = 10;

  private save(body: unknown, id: number | null): Response {
    const parsed = ltiRegistrationInput.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      return json(400, { message: `${field}: ${issue.message}`, field });
    }
    const input: LtiRegistrationInput = parsed.data;
    const clash = this.registrations.some(
      (r) => r.registrationId !== id && r.issuer === input.issuer && r.clientId === input.clientId,
    );
    if (clash)
      return json(409, { message: LTI_REGISTRATION_MESSAGES.duplicate, field: 'clientId' });
    const at = '2026-09-02T09:00:00.000Z';
    if (id === null) {
      const made = {
        ...input,
        registrationId: ++this.serial,
        createdAt: at,
        updatedAt: at,
        dynamic: false,
      };
      this.registrations.push(made);
      return json(200, made);
    }
    const found = this.registrations.find((r) => r.registrationId === id);
    if (!found)
      return json(404, { message: LTI_REGISTRATION_MESSAGES.notFound, field: 'registrationId' });
    Object.assign(found, input, { updatedAt: at });
    return json(200, found);
  }

  handlers(): Record<string, Handler> {
    const handlers: Record<string, Handler> = {
      [`GET ${REGISTRATIONS_PATH}`]: () =>
        json(200, {
          registrations: structuredClone(this.registrations),
          toolUrls: {
            login: 'https://bookstore.springfield.edu/app-rest/lti/v1/login',
            launch: 'https://bookstore.springfield.edu/app-rest/lti/v1/launch',
            keySet: 'https://bookstore.springfield.edu/app-rest/lti/v1/jwks',
            dynamicRegistration: 'https://bookstore.springfield.edu/lti/register',
            domain: 'bookstore.springfield.edu',
          },
        }),
      [`POST ${REGISTRATIONS_PATH}`]: (request) => this.save(request.body, null),
      [`GET ${LAUNCHES_PATH}`]: () => json(200, { launches: this.launches }),
      [`POST ${INVITES_PATH}`]: () =>
        json(200, {
          url: 'https://bookstore.springfield.edu/lti/register?invite=inv_123',
          expiresAt: '2026-09-09T09:00:00.000Z',
        }),
      [`POST ${PREVIEW_PATH}`]: (request) => {
        const { sampleIds } = request.body as { sampleIds: string[] };
        return json(200, {
          samples: sampleIds.map((sampleId) =>
            sampleId.startsWith('2026FA-BIOL-101')
              ? { sampleId, sectionId: 31, label: 'BIOL 101 section 001, Fall 2026', why: null }
              : {
                  sampleId,
                  sectionId: null,
                  label: null,
                  why: 'No course CHEM 999 in the catalog.',
                },
          ),
        });
      },
    };
    for (const id of [CANVAS.registrationId, 11, 12]) {
      handlers[`PUT ${registrationPath(id)}`] = (request) => this.save(request.body, id);
      handlers[`DELETE ${registrationPath(id)}`] = () => {
        const before = this.registrations.length;
        this.registrations = this.registrations.filter((r) => r.registrationId !== id);
        return this.registrations.length < before
          ? json(200, { registrationId: id })
          : json(404, { message: LTI_REGISTRATION_MESSAGES.notFound, field: 'registrationId' });
      };
    }
    return handlers;
  }
}
