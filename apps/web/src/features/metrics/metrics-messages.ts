/** What the dashboard says, in one place so the screens and their tests use the same words. */
export const METRICS_TEXT = {
  divisionsLoading: 'Loading your divisions…',
  divisionsFailed: 'The divisions could not be loaded.',
  retry: 'Retry',
  noDivisionsHeading: 'No division figures for your account',
  noDivisions:
    'The dashboard shows each division’s adoption progress, orders and student preferences to ' +
    'staff who report on a whole division. Your account does not, so there is nothing to show ' +
    'here. Use the menu to reach your own areas; if you need these figures, ask your store’s ' +
    'permission administrator.',
  emptyStoreHeading: 'No courses in the store yet',
  emptyStore:
    'The dashboard shows each division’s adoption progress, orders and student preferences. ' +
    'This store has no divisions, terms or courses yet: they come from the registrar’s files, ' +
    'which a data manager imports on Data Summary. The figures appear as soon as they are in.',
  tabsLabel: 'Divisions',
  termLabel: 'Term',
  noTerms: 'This division has no terms yet, so there are no figures to show.',
  showTable: 'Show table',
  showChart: 'Show chart',
  noOrders: 'No orders for this term yet',
  noStudents: 'No student preferences recorded yet',
  noRequired: 'No required materials for this term yet',
  noSections: 'No sections to adopt for this term yet',
  termEnded: 'Adoption progress covers terms that have not ended.',
} as const;

/** A card's failure: its own words, whatever the server said (docs/behaviour/messages.md). */
export const metricFailed = (what: string) => `${what} could not be loaded.`;
export const metricLoading = (what: string) => `Loading ${what}…`;
