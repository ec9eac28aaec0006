import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SECTION_STATUS_TEXT, type MyCourseSection } from '@csp/contracts';
import { MY_COURSES_TEXT as T, standingText } from './my-courses-text.ts';

/** While the course a launch came from is being asked: tie it to one section. */
export interface SectionPick {
  onPick: (sectionId: number) => void;
  /** The section being tied (its button waits), or null. */
  tying: number | null;
}

/** Dark text on a light fill: readable (AA) where a coloured filled chip may not be. */
const STATUS_COLOURS: Record<MyCourseSection['adoptionStatus'], { bg: string; fg: string }> = {
  OUTSTANDING: { bg: '#fff4e5', fg: '#663c00' },
  NEEDS_INFORMATION: { bg: '#e5f0fa', fg: '#0b3a66' },
  NO_TEXT_REQUIRED: { bg: '#eeeeee', fg: '#333333' },
  ADOPTED: { bg: '#e6f4ea', fg: '#1e4620' },
};

/**
 * A course's sections, one line each: code and term, status, and deadline standing; the section
 * a launch came from is marked, and while the course is being asked each has "This is my
 * course".
 */
export function SectionList({
  sections,
  launchedSectionId = null,
  pick,
  courseLabel,
}: {
  sections: readonly MyCourseSection[];
  launchedSectionId?: number | null;
  pick?: SectionPick;
  courseLabel: string;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sections.map((section) => {
        const colours = STATUS_COLOURS[section.adoptionStatus];
        const missing = section.deadlineStatus === 'MISSING';
        const launched = section.sectionId === launchedSectionId;
        const name = `Section ${section.sectionCode} · ${section.termName}`;
        return (
          <Box
            component="li"
            key={section.sectionId}
            aria-current={launched ? 'true' : undefined}
            sx={{
              ...(launched && { bgcolor: 'action.selected', px: 1 }),
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
              {name}
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
            {pick && (
              <Button
                size="small"
                variant="outlined"
                sx={{ ml: { sm: 'auto' } }}
                disabled={pick.tying !== null}
                aria-label={`${T.thisIsMyCourse}: ${courseLabel} ${name}`}
                onClick={() => pick.onPick(section.sectionId)}
              >
                {pick.tying === section.sectionId ? T.tying : T.thisIsMyCourse}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
