import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { returnAddress, type ReturnAddress, type StoreSettings } from '@csp/contracts';

/** The return address as typed: every field text, street 2 empty when there is none. */
export type AddressValues = Record<keyof ReturnAddress, string>;

const EMPTY: AddressValues = {
  name: '',
  streetOne: '',
  streetTwo: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
};

export const ADDRESS_FIELDS = Object.keys(EMPTY) as (keyof AddressValues)[];

export function addressValues(settings: StoreSettings): AddressValues {
  const address = settings.returnAddress;
  return address ? { ...address, streetTwo: address.streetTwo ?? '' } : EMPTY;
}

// The contract's address, read from the form's text: an empty street 2 is none.
const checkAddress = zodResolver(
  returnAddress.extend({
    streetTwo: z
      .string()
      .transform((text) => (text.trim() === '' ? null : text))
      .pipe(returnAddress.shape.streetTwo),
  }),
);

/**
 * The contract's own address rules and messages. A store without an address may save the
 * section empty (it stays without one); once the store has one, a cleared field is an error,
 * not a way to stop return labels by accident.
 */
export function addressResolver(
  hasAddress: boolean,
): Resolver<AddressValues, unknown, ReturnAddress | null> {
  return (values, context, options) => {
    const empty = ADDRESS_FIELDS.every((key) => values[key].trim() === '');
    if (empty && !hasAddress) return { values: null, errors: {} };
    return checkAddress(values, context, options);
  };
}

export const addressPart = (address: ReturnAddress | null): Partial<StoreSettings> => ({
  returnAddress: address,
});

/** "returnAddress.postalCode" is the ZIP code field. */
export function addressField(path: string): keyof AddressValues | null {
  const [first, second] = path.split('.');
  return first === 'returnAddress' && ADDRESS_FIELDS.includes(second as keyof AddressValues)
    ? (second as keyof AddressValues)
    : null;
}
