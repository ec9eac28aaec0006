import type { FulfillmentState, OrderItemType, StudentPreferenceKind } from '@csp/contracts';

/** Sections by where their adoption stands. */
export type AdoptionState = 'ADOPTED' | 'NO_TEXT' | 'OUTSTANDING';

export type FigureKey = FulfillmentState | OrderItemType | StudentPreferenceKind | AdoptionState;

/**
 * One colour per category, the same in every chart and legend. States read as traffic lights
 * (done green, waiting amber, stuck red, gone grey); buying and renting are two families of
 * blue and purple; each is dark enough for white labels on it.
 */
export const FIGURE_COLORS: Record<FigureKey, string> = {
  // Order item states
  FULFILLED: '#2e7d32',
  PENDING: '#b26a00',
  ON_HOLD: '#c62828',
  CANCELLED: '#757575',
  // Sections by adoption
  ADOPTED: '#2e7d32',
  NO_TEXT: '#1565c0',
  OUTSTANDING: '#b26a00',
  // Order types
  RENT_NEW: '#1565c0',
  RENT_USED: '#4f83cc',
  BUY_NEW: '#6a1b9a',
  BUY_USED: '#9c4dcc',
  DIGITAL: '#00796b',
  // Student preferences
  PICKUP: '#1565c0',
  SHIP: '#6a1b9a',
  NONE: '#757575',
};

/** The gauge's filled arc for each share metric. */
export const GAUGE_COLORS = {
  fulfilment: '#2e7d32',
  onTime: '#00796b',
  marketShare: '#1565c0',
} as const;
