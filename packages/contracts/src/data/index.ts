export * from './data-feeds.ts';
export * from './data-imports.ts';
export * from './column-mapping.ts';
export * from './column-mapping-endpoints.ts';
