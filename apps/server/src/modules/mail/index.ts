/**
 * The mail module's public face: what every e-mail a request sends must respect. Addresses a
 * user types get mail only when the store knows them, every mail-sending request counts against
 * hourly limits per account and per store, and each e-mail names the person it is sent for.
 */
export {
  knownRecipients,
  refuseUnknownRecipients,
  unknownRecipientsMessage,
} from './recipients.ts';
export {
  MAIL_LIMITS,
  MailLimitError,
  mailLimitKeys,
  takeMailAllowance,
  type MailAllowance,
  type MailKind,
} from './limits.ts';
export { mailSender, senderLine, type MailSender } from './sender.ts';
export { storeMail, storeSenderName, type MailDraft } from './store-mail.ts';
