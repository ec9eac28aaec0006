import { Fragment } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MATERIAL_CHANGE_LABELS,
  type MaterialChange,
  type PreviousMaterial,
  type PreviousTerm,
} from '@csp/contracts';
import { MY_COURSES_TEXT as T } from './my-courses-text.ts';

/** What follows a material's title: ISBN (or proposed), author, edition, required or not. */
function factsOf(m: PreviousMaterial): string[] {
  return [
    m.isbn ? `ISBN ${m.isbn}` : m.proposed ? T.proposed : '',
    m.author,
    m.edition ? `Edition ${m.edition}` : '',
    m.required ? T.required : T.recommended,
  ].filter((fact) => fact !== '');
}

/** The message, its newer ISBN kept on one line as the facts' ISBN is. */
function ChangeMessage({ change }: { change: MaterialChange }) {
  const isbn = change.newerIsbn;
  const at = isbn ? change.message.indexOf(isbn) : -1;
  if (!isbn || at < 0) return <>{change.message}</>;
  return (
    <>
      {change.message.slice(0, at)}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {isbn}
      </Box>
      {change.message.slice(at + isbn.length)}
    </>
  );
}

/**
 * What changed since a material was adopted or a section last taught (issue 30, point 5), under
 * its title or section: a warning in words that start with the kind ("Newer edition: …"), with
 * the warning icon, so neither colour nor the icon alone carries it. A note, not an alert: it is
 * read with the list, not announced over whatever the person is doing. `id` lets a control name
 * it as its description.
 */
export function MaterialChanges({
  changes,
  id,
}: {
  changes: readonly MaterialChange[];
  id?: string;
}) {
  if (changes.length === 0) return null;
  return (
    <Stack id={id} spacing={0.5} sx={{ mt: 0.5, mb: 1 }}>
      {changes.map((change) => (
        <Alert key={change.kind} severity="warning" role="note" sx={{ py: 0 }}>
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {MATERIAL_CHANGE_LABELS[change.kind]}:
          </Box>{' '}
          <ChangeMessage change={change} />
        </Alert>
      ))}
    </Stack>
  );
}

/** Last term's materials: title, ISBN, author, edition, and required or recommended. */
export function PreviousMaterials({ previous }: { previous: PreviousTerm }) {
  if (previous.noTextRequired) return <Typography>{T.noTextRequired}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {previous.materials.map((m, i) => (
        <li key={`${m.isbn ?? m.title}-${i}`}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {m.title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {factsOf(m).map((fact) => (
              <Fragment key={fact}>
                {' · '}
                {/* An ISBN reads whole: a line breaks between the facts, never at its hyphens. */}
                <Box component="span" sx={fact.startsWith('ISBN') ? { whiteSpace: 'nowrap' } : {}}>
                  {fact}
                </Box>
              </Fragment>
            ))}
          </Typography>
          <MaterialChanges changes={m.changes} />
        </li>
      ))}
    </Box>
  );
}
