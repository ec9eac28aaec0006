export * from './funding-labels.ts';
export * from './funding-sources.ts';
export * from './funding-allowances.ts';
export * from './funding-uploads.ts';
export * from './funding-reports.ts';
export * from './order-funding.ts';
