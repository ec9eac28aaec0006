import type { shippingMethods } from '../schema/index.ts';

/** Where students send rentals back (locations.return_*): the ship-to of every return label. */
export interface ReturnAddress {
  name: string;
  streetOne: string;
  streetTwo: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

export type ShippingMethodSpec = Omit<typeof shippingMethods.$inferInsert, 'id' | 'locationId'>;

/** What every seeded store offers at autogen checkout (`shipping/prices`), cheapest first. */
export const DEFAULT_SHIPPING_METHODS: readonly ShippingMethodSpec[] = [
  { code: 'PICKUP', name: 'Pick up in store', priceCents: 0, shipsToAddress: false, sortOrder: 0 },
  {
    code: 'STANDARD',
    name: 'Standard shipping (3-5 business days)',
    priceCents: 799,
    shipsToAddress: true,
    sortOrder: 1,
  },
  {
    code: 'EXPEDITED',
    name: 'Express shipping (1-2 business days)',
    priceCents: 1999,
    shipsToAddress: true,
    sortOrder: 2,
  },
];

/** The location columns of a return address. */
export function returnAddressColumns(address: ReturnAddress | undefined) {
  return {
    returnAddressName: address?.name ?? null,
    returnStreetOne: address?.streetOne ?? null,
    returnStreetTwo: address?.streetTwo ?? null,
    returnCity: address?.city ?? null,
    returnState: address?.state ?? null,
    returnPostalCode: address?.postalCode ?? null,
    returnPhone: address?.phone ?? null,
  };
}
