export * from './common/endpoint.ts';
export * from './common/paths.ts';
export * from './common/errors.ts';
export * from './common/auth.ts';
export * from './common/roles.ts';
export * from './portal/website.ts';
export * from './account/session.ts';
