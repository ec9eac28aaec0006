// The portal area loads the website of this host; the app's website context is its one user.
export { loadWebsite } from './api/load-website.ts';
export type { LoadedWebsite } from './api/load-website.ts';
