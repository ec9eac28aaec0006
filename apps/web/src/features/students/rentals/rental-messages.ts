import { ACTION_LABELS } from '@csp/contracts';

/** What the rental part of the student screen says, in one place for tests and screens. */
export const RENTAL_MESSAGES = {
  scanLabel: 'Scan serial number or ISBN',
  scanReady: 'Ready: scan the next book, or type its serial number or ISBN and press Enter.',
  scanNotListening: 'Not listening for scans: click or tap this field before scanning.',
  scanLoading: 'The rentals are still loading: scan again in a moment.',
  checked: (title: string, serial: string) => `Checked: ${title} (${serial})`,
  alreadyChecked: (title: string, serial: string) =>
    `Already checked: ${title} (${serial}). Every rental matching this code is checked.`,
  noMatch: (text: string) => `No unchecked rental matches ${text}`,
  preselected: (title: string, serial: string) => `Checked from the link: ${title} (${serial})`,
  preselectMissing: (serial: string) =>
    `The rental ${serial} named in the link is not among this student's unreturned rentals.`,
  outstandingTitle: 'Outstanding rentals',
  inTransitTitle: 'In transit',
  outstandingEmpty:
    'No outstanding rentals: everything this student rents is returned or on its way back.',
  inTransitEmpty: 'No rentals in transit.',
  couldNotLoad: (what: string) => `Could not load ${what}`,
  printAgain: 'Print label again',
  conditionLabel: 'Condition',
  conditionPlaceholder: 'Choose…',
  conditionsFailed: 'Could not load the return conditions',
  conditionForAll: 'Condition for all checked',
  mayNotReturn: `You can see this student's rentals, but returning them or printing shipping labels needs the “${ACTION_LABELS.RETURN_RENTALS}” permission. Ask your store to grant it.`,
  noneChecked: 'Check the rentals to return first: scan them or tick their boxes.',
  missingConditions: (count: number) =>
    count === 1
      ? 'Choose a condition for the checked rental that has none.'
      : `Choose a condition for the ${count} checked rentals that have none.`,
  returnButton: (count: number) =>
    count === 0 ? 'Return' : `Return ${count} rental${count === 1 ? '' : 's'}`,
  returning: 'Returning…',
  returned: (count: number) =>
    count === 0 ? 'No rental was returned.' : `Returned ${count} rental${count === 1 ? '' : 's'}.`,
  failedTitle: (count: number) =>
    count === 1 ? '1 rental was not returned' : `${count} rentals were not returned`,
  printButton: 'Print shipping label',
  printing: 'Creating the label…',
  noOutstandingChecked:
    'Check outstanding rentals to ship back first (rentals in transit already have a label).',
  shipped: (count: number, tracking: string) =>
    `Shipping label created for ${count} rental${count === 1 ? '' : 's'} (tracking ${tracking}). It opens in a new tab in 2 seconds; the rentals are now in transit.`,
  blockedTitle: 'Your browser blocked the label tabs',
  blockedBody: 'Open each label from here (they stay available to print again):',
  notLocated: 'The store of this website is not known yet: reload the page and try again.',
} as const;
