import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { plural } from '../../../lib/format.ts';
import { AdoptionButtons, type AdoptionCardActions } from './adoption-buttons.tsx';
import { ImportedChip, MessagingStatusChip } from './adoption-chips.tsx';
import { adoptionFlags, adoptionTypeLabel, coverageLabel, materialOf } from './adoption-format.ts';

interface AdoptionTableProps {
  adoptions: readonly AdoptionMaterialDTO[];
  sections: ReadonlyMap<number, AdoptionSection>;
  /** The list's heading, which names the table. */
  labelledBy: string;
  /** The list's heading as text, for the scrolling region's name. */
  heading: string;
  /** The line an adoption's card would show under its messages, if any. */
  noteFor: (adoption: AdoptionMaterialDTO) => string | undefined;
  actionsFor: (adoption: AdoptionMaterialDTO) => AdoptionCardActions;
}

/**
 * One list of adoptions as a table: a row per adoption with a card's essentials (no cover) and
 * the card's own buttons. A phone gets two columns, the adoption's facts and its buttons, since
 * six cannot fit 360 px; a width in between may scroll the table sideways inside its own box,
 * which is focusable (so the keyboard can scroll it) and named.
 */
export function AdoptionTable(props: AdoptionTableProps) {
  const { adoptions, sections, labelledBy, heading, noteFor, actionsFor } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-label={`${heading}, table`}
      tabIndex={phone ? undefined : 0}
    >
      <Table
        size="small"
        aria-labelledby={labelledBy}
        // On a phone narrower padding leaves the facts room beside the buttons.
        sx={phone ? { '& .MuiTableCell-root': { px: 1 } } : { minWidth: 760 }}
      >
        <TableHead>
          <TableRow>
            <TableCell scope="col">{phone ? 'Adoption' : 'Title'}</TableCell>
            {!phone && (
              <>
                <TableCell scope="col">ISBN-13</TableCell>
                <TableCell scope="col">Type</TableCell>
                <TableCell scope="col">Sections</TableCell>
                <TableCell scope="col">Messages</TableCell>
              </>
            )}
            <TableCell scope="col">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {adoptions.map((adoption) => (
            <AdoptionRow
              key={adoption.adoptionMaterialId}
              adoption={adoption}
              sections={sections}
              note={noteFor(adoption)}
              actions={actionsFor(adoption)}
              phone={phone}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AdoptionRow(props: {
  adoption: AdoptionMaterialDTO;
  sections: ReadonlyMap<number, AdoptionSection>;
  note: string | undefined;
  actions: AdoptionCardActions;
  phone: boolean;
}) {
  const { adoption, sections, note, actions, phone } = props;
  const material = materialOf(adoption);
  const byLine = [material.author, material.edition && `${material.edition} edition`]
    .filter(Boolean)
    .join(' · ');
  // Required, Optional or No text required: the flag a clerk orders by; the rest are the card's.
  const [requirement] = adoptionFlags(adoption);
  const isbn = material.isbn ?? 'None';
  const coverage = coverageLabel(adoption, sections);
  const messages = <Messages adoption={adoption} />;
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell component="th" scope="row" sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
        <Box sx={{ fontWeight: 600 }}>{material.description}</Box>
        {byLine && <Secondary>{byLine}</Secondary>}
        {material.proposed && <Secondary>Proposed title</Secondary>}
        {adoption.source === 'IMPORT' && (
          <Box sx={{ mt: 0.5 }}>
            <ImportedChip adoption={adoption} />
          </Box>
        )}
        {phone && (
          <>
            <Secondary>
              ISBN-13:{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {isbn}
              </Box>
            </Secondary>
            <Secondary>{`${adoptionTypeLabel(adoption)}, ${requirement}`}</Secondary>
            <Secondary>{`Sections: ${coverage}`}</Secondary>
            <Box sx={{ typography: 'body2', fontWeight: 'normal', mt: 0.5 }}>{messages}</Box>
          </>
        )}
        {note && <Secondary>{note}</Secondary>}
      </TableCell>
      {!phone && (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{isbn}</TableCell>
          <TableCell>
            <Box sx={{ whiteSpace: 'nowrap' }}>{adoptionTypeLabel(adoption)}</Box>
            <Secondary>{requirement}</Secondary>
          </TableCell>
          <TableCell sx={{ minWidth: 110 }}>{coverage}</TableCell>
          <TableCell>{messages}</TableCell>
        </>
      )}
      <TableCell sx={phone ? { width: 136 } : { minWidth: 200 }}>
        <AdoptionButtons
          adoption={adoption}
          description={material.description}
          actions={actions}
          stacked={phone}
        />
      </TableCell>
    </TableRow>
  );
}

/** How many messages, and the status chip while someone waits for an answer (MessagesLine's). */
function Messages({ adoption }: { adoption: AdoptionMaterialDTO }) {
  const status = adoption.adoptionMessagingStatusName;
  return (
    <>
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {adoption.messageCount === 0 ? 'No messages' : plural(adoption.messageCount, 'message')}
      </Box>
      {status !== 'NONE' && (
        <Box sx={{ mt: 0.5 }}>
          <MessagingStatusChip status={status} />
        </Box>
      )}
    </>
  );
}

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}
