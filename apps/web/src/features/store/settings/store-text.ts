import { ACTION_LABELS } from '@csp/contracts';

/** The words of the store settings screen that the contracts do not already give. */
export const STORE_TEXT = {
  pageTitle: 'Store settings',
  intro:
    'Your store’s own settings: what every page and label of the portal uses. Each part saves on its own.',
  loading: 'the store settings',
  refusedTitle: 'You cannot change the store settings',
  refusedHint: `Ask a permission administrator for the Store Administrator role (“${ACTION_LABELS.MANAGE_STORE}”).`,
  loadFailedTitle: 'Could not load the store settings',
  saved: 'Saved.',
  discard: 'Discard changes',
  reload: 'Reload',
  reloaded:
    'Reloaded with the latest settings. Fields you had changed keep what you typed: check them and save again.',
  reloadFailed: 'Could not reload the settings. Check your connection and press Reload again.',
  storeHeading: 'Store',
  addressHeading: 'Return address',
  noReturnAddress: 'No return address yet: return labels cannot be printed until one is saved.',
  shippingHeading: 'Shipping methods',
  noShippingMethods: 'No shipping methods: orders can then only be picked up at the store.',
  addMethod: 'Add a shipping method',
  mostMethods: (max: number) => `A store has at most ${max} shipping methods.`,
  websitesHeading: 'Websites',
  websitesIntro:
    'Each website’s names, brand colours and single sign-on, each saved on its own. A website’s address is set up by your portal operator.',
  brandingSaved: 'Saved. Visitors see the new branding on their next page load.',
  historyHeading: 'Recent changes',
  noChanges: 'No changes yet',
} as const;
