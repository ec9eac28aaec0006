export * from './lti.ts';
export * from './registrations.ts';
export * from './launch.ts';
export * from './landing.ts';
