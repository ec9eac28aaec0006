/** The words of the Department contacts page, in one place so the tests read the same. */
export const CONTACT_TEXT = {
  pageTitle: 'Department contacts',
  intro:
    'After a term’s adoption deadline, each department’s contact gets a digest of the department’s sections still without an adoption. The address must be an account of this store or an address at one of its domains.',
  loading: 'the department contacts',
  empty: 'No departments in the divisions you manage.',
  noMatch: 'No departments match these filters.',
  refusedTitle: 'You cannot manage department contacts',
  refusedHint: 'Ask your permission administrator for the adoption campaigns action.',
  search: 'Search departments',
  withoutContact: 'Without a contact',
  nameLabel: 'Contact name',
  emailLabel: 'Contact e-mail',
  save: 'Save',
  clear: 'Clear',
  saved: 'Contact saved.',
  cleared: 'Contact cleared.',
  noContact: 'No contact: this department gets no digest.',
} as const;
