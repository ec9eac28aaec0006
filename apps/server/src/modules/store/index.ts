/**
 * The store module's public face: setting up a store and its websites (issue 29): the operator
 * command (`npm run store`, onboarding/store-cli.ts) and the store settings screen's endpoints.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerStoreRoutes } from './routes.ts';
/** The guard of what belongs to the whole store (MANAGE_STORE store-wide): the session, or 403. */
export { storeAdministrator } from './routes.ts';
export { createStore, OnboardingError, type OnboardingDeps } from './onboarding/onboarding.ts';
export {
  addWebsite,
  inviteAdministrator,
  listStoresWithWebsites,
  removeWebsite,
} from './onboarding/websites.ts';
export { storeInput, websiteInput } from './onboarding/onboarding-input.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const storeModule = modulePlugin(registerStoreRoutes);
