export * from './tenancy.ts';
export * from './accounts.ts';
export * from './catalog.ts';
export * from './students.ts';
export * from './materials.ts';
export * from './commerce.ts';
export * from './saml.ts';
export * from './security.ts';
