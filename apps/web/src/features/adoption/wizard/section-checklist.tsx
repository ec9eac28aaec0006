import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { AdoptionSection } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

interface SectionChecklistProps {
  sections: readonly AdoptionSection[];
  value: readonly number[];
  onChange: (sectionIds: number[]) => void;
  /** Why a section cannot be chosen, or null when it can. */
  blockedReason: (section: AdoptionSection) => string | null;
  error?: string;
}

function details(section: AdoptionSection): string {
  return [
    `Starts ${formatDisplayDate(section.startDate)}`,
    section.professorNames.join(', '),
    `${section.studentsEnrolled} enrolled`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The sections to adopt for: a checkbox each. A section that cannot be chosen is disabled and
 * says why beside it (its checkbox is described by the reason, so a screen reader hears it).
 */
export function SectionChecklist(props: SectionChecklistProps) {
  const errorId = useId();
  const rowId = useId();
  return (
    <FormControl
      component="fieldset"
      error={Boolean(props.error)}
      aria-describedby={props.error ? errorId : undefined}
      sx={{ width: '100%' }}
    >
      <FormLabel component="legend">Sections</FormLabel>
      {props.error && (
        <FormHelperText id={errorId} role="alert" sx={{ mx: 0 }}>
          {props.error}
        </FormHelperText>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {props.sections.map((section) => {
          const reason = props.blockedReason(section);
          const detailsId = `${rowId}-${section.sectionId}-details`;
          const reasonId = `${rowId}-${section.sectionId}-reason`;
          const checked = props.value.includes(section.sectionId);
          const toggle = (on: boolean) =>
            props.onChange(
              on
                ? [...props.value, section.sectionId]
                : props.value.filter((id) => id !== section.sectionId),
            );
          return (
            <Box
              component="li"
              key={section.sectionId}
              sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <FormControlLabel
                disabled={reason !== null}
                control={
                  <Checkbox
                    checked={checked}
                    onChange={(event) => toggle(event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-describedby': reason ? `${detailsId} ${reasonId}` : detailsId,
                      },
                    }}
                  />
                }
                label={`${section.sectionCode} (${section.termName})`}
              />
              <Typography id={detailsId} variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                {details(section)}
              </Typography>
              {reason && (
                <Typography id={reasonId} variant="body2" sx={{ pl: 4, fontStyle: 'italic' }}>
                  Cannot be chosen: {reason}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </FormControl>
  );
}
