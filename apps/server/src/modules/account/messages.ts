/** Sign-in messages. The wrong-credentials text is identical for every cause on purpose. */
export const ACCOUNT_MESSAGES = {
  badCredentials: 'The user name or password is incorrect.',
  rememberInvalid: 'Your saved sign-in is no longer valid. Sign in again.',
  notYourActions: 'You can only read your own actions.',
} as const;
