import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { getLtiStoreContact } from '@csp/contracts';
import { useContractQuery } from '../../../lib/contract-query.ts';
import { LANDING_TEXT as T } from './landing-text.ts';

/** The store's name and course materials e-mail (public: the launch pages need no sign-in). */
export function useStoreContact() {
  return useContractQuery(getLtiStoreContact, {}, { staleTime: Infinity, retry: false });
}

/**
 * Whom to ask: the store's course materials team by e-mail when the store set one; else the
 * plain advice (also while the address loads or could not be read: the page still helps).
 */
export function WhomToAsk() {
  const contact = useStoreContact().data;
  const email = contact?.courseMaterialsEmail;
  if (!contact || !email) return <Typography>{T.noContact}</Typography>;
  return (
    <Typography>
      {T.askTeam(contact.storeName)}{' '}
      <Link href={`mailto:${email}`} sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Link>
    </Typography>
  );
}
