import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * The words of a server error for the field it names: a validation failure reads
 * "settings.returnAddress.postalCode: must be a ZIP code…", and under its own input the path
 * before the colon says nothing the label does not.
 */
export function messageForField(error: ApiRequestError): string {
  const { field, message } = error;
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** Someone saved the settings since they were read: the answer to reload, not to retry. */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.field === 'version';
}

/**
 * The form field a server error names, for a form whose fields are the body's under `prefix`
 * ("settings.", "branding."): "settings.shippingMethods.2.code" is "shippingMethods.2.code" when
 * the form has it. Null when the error names nothing on this form.
 */
export function formFieldOf<F extends string>(
  error: unknown,
  prefix: string,
  fields: (path: string) => F | null,
): F | null {
  if (!(error instanceof ApiRequestError) || !error.field?.startsWith(prefix)) return null;
  return fields(error.field.slice(prefix.length));
}
