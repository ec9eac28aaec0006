import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PreviousMaterial, PreviousTerm } from '@csp/contracts';
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
        </li>
      ))}
    </Box>
  );
}
