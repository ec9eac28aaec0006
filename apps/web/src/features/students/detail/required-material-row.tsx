import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { RequiredMaterial } from '@csp/contracts';
import { ownedStatus, type OwnedStatus } from './required-materials-groups.ts';

interface RequiredMaterialRowProps {
  material: RequiredMaterial;
  /** The chip of a material that is not required: each screen keeps its own word. */
  optionalLabel: string;
  /** A rule between rows (a list with no other separation). */
  divided?: boolean;
  /** Under what the student has of it (e.g. why it cannot be ordered here). */
  children?: ReactNode;
}

/**
 * One required material in a list item: its title, whether it is required, its facts, and what
 * the student has of it, the missing stressed. The student detail and a student of a section
 * both show it this way.
 */
export function RequiredMaterialRow({
  material,
  optionalLabel,
  divided = false,
  children,
}: RequiredMaterialRowProps) {
  const facts = [
    material.isbn && `ISBN ${material.isbn}`,
    material.author,
    material.edition && `Edition: ${material.edition}`,
  ].filter(Boolean);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 0.75,
        ...(divided && { '& + &': { borderTop: 1, borderColor: 'divider' } }),
      }}
    >
      <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {material.title ?? 'Untitled material'}
          <Chip
            size="small"
            variant="outlined"
            label={material.required ? 'Required' : optionalLabel}
            sx={{ ml: 1, verticalAlign: 'text-bottom', fontWeight: 400 }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ flex: '0 1 auto' }}>
        <OwnedText status={ownedStatus(material)} />
        {children}
      </Box>
    </Box>
  );
}

const TONES = {
  have: { Icon: CheckCircleIcon, color: 'success.dark', weight: 400 },
  ordered: { Icon: ScheduleIcon, color: 'text.secondary', weight: 400 },
  missing: { Icon: ErrorOutlineIcon, color: 'error.dark', weight: 700 },
} as const;

function OwnedText({ status }: { status: OwnedStatus }) {
  const tone = TONES[status.tone];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: tone.color }}>
      <tone.Icon fontSize="small" />
      <Typography
        component={status.tone === 'missing' ? 'strong' : 'span'}
        sx={{ fontWeight: tone.weight }}
      >
        {status.text}
      </Typography>
    </Stack>
  );
}
