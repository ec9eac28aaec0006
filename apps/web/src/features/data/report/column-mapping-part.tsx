import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportColumnMapping, ImportSummary } from '@csp/contracts';
import { ColumnMappingForm } from './column-mapping-form.tsx';
import { MAPPING_TEXT as M } from './column-mapping-rules.ts';

interface ColumnMappingPartProps {
  summary: ImportSummary;
  phone: boolean;
  /** The mapping was sent: the report shows the check from here. */
  onSent: () => void;
}

/** "Columns matched by the saved mapping “Banner sections”", or as the data manager chose. */
export function matchedText(mapping: ImportColumnMapping): string {
  const how = mapping.templateName
    ? `Columns matched by the saved mapping “${mapping.templateName}”`
    : 'Columns matched as you chose';
  // A saved value (a term, a division) may not be this file's: say it before it is applied.
  const values = mapping.fields.flatMap((f) =>
    f.choice.source === 'value' ? [`${f.label}: ${f.choice.value}`] : [],
  );
  return values.length > 0 ? `${how}; for every row, ${values.join(', ')}` : how;
}

/**
 * How an upload's columns are matched to its format's, in its report: while the file waits
 * for a mapping, the proposed one to confirm or change; once checked with one, which it was,
 * and (until applied) a way to change it. Nothing when the file has the format's own headers.
 */
export function ColumnMappingPart({ summary, phone, onSent }: ColumnMappingPartProps) {
  const mapping = summary.columnMapping;
  if (summary.status === 'NEEDS_MAPPING') {
    return (
      <Box component="section" sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          Match the file’s columns
        </Typography>
        {mapping ? (
          <>
            <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              The headers of “{summary.fileName}” are not the columns of {summary.formatName}. A
              match is proposed below from its headers and first values: confirm it or change it,
              then the file is checked.
            </Typography>
            <ColumnMappingForm summary={summary} mapping={mapping} phone={phone} onSent={onSent} />
          </>
        ) : (
          // The contract sends the proposal with the status; without it there is nothing to
          // confirm, and a new upload is the way on.
          <Alert severity="error">
            No proposed match came with this file. Upload it again to match its columns.
          </Alert>
        )}
      </Box>
    );
  }
  if (!mapping) return null;
  return <ChangeMapping summary={summary} mapping={mapping} phone={phone} onSent={onSent} />;
}

function ChangeMapping(props: ColumnMappingPartProps & { mapping: ImportColumnMapping }) {
  const { summary, mapping, phone, onSent } = props;
  const [open, setOpen] = useState(false);
  const formId = useId();
  // The server maps again only a checked file not yet applied.
  const changeable = summary.status === 'VALIDATED';
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {matchedText(mapping)}
      </Typography>
      {changeable && (
        <div>
          <Button
            variant="outlined"
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {M.change}
          </Button>
        </div>
      )}
      {changeable && open && (
        <ColumnMappingForm
          id={formId}
          summary={summary}
          mapping={mapping}
          phone={phone}
          onSent={onSent}
        />
      )}
    </Stack>
  );
}
