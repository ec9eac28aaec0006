export * from './research-lookups.ts';
export * from './section-list.ts';
export * from './section-detail.ts';
export * from './textbook-list.ts';
export * from './schedule-feed.ts';
export * from './cost-report.ts';
