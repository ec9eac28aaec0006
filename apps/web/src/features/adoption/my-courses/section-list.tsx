import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SECTION_STATUS_TEXT, type MyCourseSection } from '@csp/contracts';
import { standingText } from './my-courses-text.ts';

/** Dark text on a light fill: readable (AA) where a coloured filled chip may not be. */
const STATUS_COLOURS: Record<MyCourseSection['adoptionStatus'], { bg: string; fg: string }> = {
  OUTSTANDING: { bg: '#fff4e5', fg: '#663c00' },
  NEEDS_INFORMATION: { bg: '#e5f0fa', fg: '#0b3a66' },
  NO_TEXT_REQUIRED: { bg: '#eeeeee', fg: '#333333' },
  ADOPTED: { bg: '#e6f4ea', fg: '#1e4620' },
};

/** A course's sections, one line each: code and term, status, and deadline standing. */
export function SectionList({ sections }: { sections: readonly MyCourseSection[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sections.map((section) => {
        const colours = STATUS_COLOURS[section.adoptionStatus];
        const missing = section.deadlineStatus === 'MISSING';
        return (
          <Box
            component="li"
            key={section.sectionId}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1.5,
              rowGap: 0.5,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="span" sx={{ fontWeight: 500, minWidth: 170 }}>
              Section {section.sectionCode} · {section.termName}
            </Typography>
            <Chip
              size="small"
              label={SECTION_STATUS_TEXT[section.adoptionStatus]}
              sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 600 }}
            />
            <Typography
              component="span"
              variant="body2"
              sx={missing ? { color: '#7a1712', fontWeight: 600 } : { color: 'text.secondary' }}
            >
              {standingText(section)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
