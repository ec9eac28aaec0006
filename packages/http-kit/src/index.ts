export * from './app-error.ts';
export * from './error-handler.ts';
export * from './route.ts';
