export * from './local-print-service.ts';
export * from './label-content.ts';
