import type { LtiRegistrationInput } from '@csp/contracts';

/** A Canvas-shaped registration the registrations' tests save. */
export const CANVAS: LtiRegistrationInput = {
  name: 'Canvas',
  issuer: 'https://canvas.example.edu',
  clientId: '10000000000001',
  deploymentIds: ['1:abc'],
  keySetUrl: 'https://canvas.example.edu/api/lti/security/jwks',
  authorizationEndpoint: 'https://sso.canvas.example.edu/api/lti/authorize_redirect',
  tokenEndpoint: null,
  frameOrigins: [],
  coursePattern: '{term}-{dept}-{course}-{section}',
  grantInstructors: false,
};
