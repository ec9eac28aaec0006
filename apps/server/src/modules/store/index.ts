/**
 * The store module's public face: setting up a store and its websites (issue 29). For now only
 * the operator command uses it (`npm run store`, onboarding/store-cli.ts); the store settings
 * screen's routes will be registered here.
 */
export { createStore, OnboardingError, type OnboardingDeps } from './onboarding/onboarding.ts';
export {
  addWebsite,
  inviteAdministrator,
  listStoresWithWebsites,
  removeWebsite,
} from './onboarding/websites.ts';
export { storeInput, websiteInput } from './onboarding/onboarding-input.ts';
