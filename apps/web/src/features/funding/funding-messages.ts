import { ACTION_LABELS } from '@csp/contracts';

/** The words of the funding screens that the contracts do not already give. */
export const FUNDING_TEXT = {
  pageTitle: 'Funding Management',
  reportsTitle: 'Funding Reports',
  sourceTitle: 'Funding Source',
  newSource: 'New source',
  editSource: 'Edit source',
  noSources:
    'No funding sources yet. Create one with “New source” to give students allowances from it.',
  sourcesLoading: 'the funding sources',
  sourceLoading: 'the funding source',
  refusedTitle: 'You cannot manage funding',
  refusedHint: `Ask a store administrator to give you the “${ACTION_LABELS.MANAGE_VOUCHERS}” permission for the whole store.`,
  notFoundTitle: 'Funding source not found',
  notFoundHint: 'It may belong to another store, or the link may be mistyped.',
  termNotFoundTitle: 'Term not found',
  termNotFoundHint:
    'It may belong to another store, or the link may be mistyped. Choose a term above.',
  changedMeanwhileReload: 'Reload the source',
  allowancesHeading: 'Allowances',
  noAllowances: 'No allowances yet. Add one, or upload a file of them.',
  noAllowancesFound: 'No allowance matches this search.',
  searchLabel: 'Search by student ID or name',
  ledgerHeading: 'Ledger',
  noLedger: 'No ledger entries yet.',
  activityHeading: 'Activity',
  noActivity: 'Nothing has happened to this source yet.',
  uploadHeading: 'Upload allowances',
  earlierFiles: 'Earlier files',
  noEarlierFiles: 'No allowance file has been uploaded for this source yet.',
} as const;
