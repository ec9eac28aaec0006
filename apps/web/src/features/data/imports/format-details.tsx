import { useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DATA_FEED_LABELS, type ImportFormat } from '@csp/contracts';
import { TemplateLink } from './template-link.tsx';

/**
 * What a format is and what its file must contain, from its mapping file: a data manager
 * checks the columns here before exporting the file from the registrar's system, or starts
 * from the format's template.
 */
export function FormatDetails({ format, phone }: { format: ImportFormat; phone: boolean }) {
  const summaryId = useId();
  const required = format.columns.filter((c) => c.required).length;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{format.description}</Typography>
      <Typography variant="body2" color="text.secondary">
        Fills: {format.feeds.map((feed) => DATA_FEED_LABELS[feed]).join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Source: {format.source}
      </Typography>
      <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            The file’s columns ({format.columns.length}, {required} required)
          </Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ p: phone ? 1 : 2 }}>
          {phone ? <ColumnList format={format} /> : <ColumnTable format={format} />}
        </AccordionDetails>
      </Accordion>
      {/* Keyed: a failed download of one format says nothing about the next. */}
      <TemplateLink key={format.formatId} formatId={format.formatId} />
    </Stack>
  );
}

const requiredText = (required: boolean) => (required ? 'Required' : 'Optional');

function ColumnTable({ format }: { format: ImportFormat }) {
  return (
    <Table size="small" aria-label={`Columns of ${format.name}`}>
      <TableHead>
        <TableRow>
          <TableCell>Column in the file</TableCell>
          <TableCell>Fills</TableCell>
          <TableCell>Required</TableCell>
          <TableCell>Note</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {format.columns.map((column) => (
          <TableRow key={column.column}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
              {column.column}
            </TableCell>
            <TableCell>{column.field}</TableCell>
            <TableCell>{requiredText(column.required)}</TableCell>
            <TableCell>{column.note}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ColumnList({ format }: { format: ImportFormat }) {
  return (
    <Box component="ul" aria-label={`Columns of ${format.name}`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {format.columns.map((column) => (
        <Box
          component="li"
          key={column.column}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}
        >
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {column.column}
          </Typography>
          <Typography variant="body2">
            {column.field} · {requiredText(column.required)}
          </Typography>
          {column.note && (
            <Typography variant="body2" color="text.secondary">
              {column.note}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
