export * from './data-feeds.ts';
export * from './data-imports.ts';
