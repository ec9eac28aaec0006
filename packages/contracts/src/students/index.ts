export * from './student-search.ts';
export * from './student-detail.ts';
export * from './rentals.ts';
export * from './orders.ts';
