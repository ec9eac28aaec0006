import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { PRINT_MESSAGES as M } from './messages.ts';
import { storeReturnAddress, type StoreAddressRow } from './label-repository.ts';

/** The store's return address: where returned parcels go, printed on every label. */
export interface ReturnAddress {
  storeName: string;
  name: string;
  streetOne: string;
  streetTwo: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

const filled = (value: string | null | undefined) => (value ?? '').trim();

/**
 * The store's complete return address, or a 415 whose message names ShipFrom (docs/behaviour/messages.md shows
 * it as 'Invalid Address'). Checked before anything is written: a return or a shipment whose
 * label cannot be printed must not happen half-way.
 */
export async function requireReturnAddress(db: Db, locationId: number): Promise<ReturnAddress> {
  const address = returnAddressOf(await storeReturnAddress(db, locationId));
  if (!isCompleteReturnAddress(address)) throw AppError.unsupported(M.noReturnAddress);
  return address;
}

/**
 * Whether a parcel can be addressed to it: a name, street, city, state and postal code (the
 * labels and the reminder e-mails offer it only then).
 */
export function isCompleteReturnAddress(address: ReturnAddress): boolean {
  const { name, streetOne, city, state, postalCode } = address;
  return [name, streetOne, city, state, postalCode].every((part) => part !== '');
}

/** 'City, ST 12345', leaving out what is missing. */
export function cityLine(a: { city: string; state: string; postalCode: string }): string {
  return `${a.city}${a.city && a.state ? ', ' : ''}${a.state} ${a.postalCode}`.trim();
}

/** The stored address with every part trimmed ('' for a part not set). */
export function returnAddressOf(row: StoreAddressRow | undefined): ReturnAddress {
  return {
    storeName: filled(row?.storeName),
    name: filled(row?.name),
    streetOne: filled(row?.streetOne),
    streetTwo: filled(row?.streetTwo),
    city: filled(row?.city),
    state: filled(row?.state),
    postalCode: filled(row?.postalCode),
    phone: filled(row?.phone),
  };
}
