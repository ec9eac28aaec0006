import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LTI_DEFAULT_COURSE_PATTERN,
  ltiRegistrationInput,
  type LtiRegistration,
  type LtiRegistrationInput,
} from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** The form as typed: the optional token URL is text, empty when the platform has none. */
export type RegistrationFormValues = Omit<LtiRegistrationInput, 'tokenEndpoint'> & {
  tokenEndpoint: string;
};

/**
 * The contract's registration input (its rules and words: https addresses, deployment ids
 * once each, the course pattern's placeholders), with the empty token URL read as none.
 */
export const registrationFormSchema = z
  .object({ ...ltiRegistrationInput.shape, tokenEndpoint: z.string() })
  .transform((values) => ({
    ...values,
    tokenEndpoint: values.tokenEndpoint.trim() === '' ? null : values.tokenEndpoint,
  }))
  .pipe(ltiRegistrationInput);

export const registrationResolver = zodResolver(registrationFormSchema);

export function registrationFormValues(registration?: LtiRegistration): RegistrationFormValues {
  if (!registration) {
    return {
      name: '',
      issuer: '',
      clientId: '',
      deploymentIds: [''],
      keySetUrl: '',
      authorizationEndpoint: '',
      tokenEndpoint: '',
      frameOrigins: [],
      coursePattern: LTI_DEFAULT_COURSE_PATTERN,
      grantInstructors: false,
    };
  }
  return {
    name: registration.name,
    issuer: registration.issuer,
    clientId: registration.clientId,
    deploymentIds: [...registration.deploymentIds],
    keySetUrl: registration.keySetUrl,
    authorizationEndpoint: registration.authorizationEndpoint,
    tokenEndpoint: registration.tokenEndpoint ?? '',
    frameOrigins: [...registration.frameOrigins],
    coursePattern: registration.coursePattern,
    grantInstructors: registration.grantInstructors,
  };
}

type FormPath =
  | Exclude<keyof RegistrationFormValues, 'deploymentIds' | 'frameOrigins'>
  | `deploymentIds.${number}`
  | `frameOrigins.${number}`
  | 'deploymentIds'
  | 'frameOrigins';

const PLAIN_FIELDS = new Set<string>(Object.keys(registrationFormValues()));

/** The form field a server refusal names ("deploymentIds.1", "clientId" on a 409), or null. */
export function registrationFieldOf(error: unknown): FormPath | null {
  if (!(error instanceof ApiRequestError) || !error.field) return null;
  const { field } = error;
  if (PLAIN_FIELDS.has(field) || /^(deploymentIds|frameOrigins)\.\d+$/.test(field)) {
    return field as FormPath;
  }
  return null;
}

/** A validation refusal reads "field: words"; under the field's own input, the words. */
export function wordsForField(error: ApiRequestError): string {
  const prefix = `${error.field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
