import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyCourse } from '@csp/contracts';
import { Panel } from '../../../components/panel.tsx';
import { AdoptSameDialog } from './adopt-same-dialog.tsx';
import { MY_COURSES_TEXT as T } from './my-courses-text.ts';
import { PreviousMaterials } from './previous-materials.tsx';
import { RolloverProposals } from './rollover-proposals.tsx';
import { SectionList, type SectionPick } from './section-list.tsx';

/** The course screen's address (/adopt/course/:divisionId/:departmentCode/:courseCode). */
const coursePath = (c: MyCourse) =>
  `/adopt/course/${c.divisionId}/${encodeURIComponent(c.departmentCode)}/${encodeURIComponent(c.courseCode)}`;

/**
 * One course: its sections with status and deadline standing, a link to the course screen,
 * last term's materials and, while some section lacks an adoption, "Adopt the same as last
 * time". After adopting, a confirmation stays on the card (the list is read again). The course
 * a launch from the learning platform opened is outlined and marked, and its heading takes the
 * focus, so "Adopt the same as last time" is the next thing a keyboard reaches.
 */
export function MyCourseCard({
  course,
  launchedSectionId = null,
  pick,
}: {
  course: MyCourse;
  launchedSectionId?: number | null;
  pick?: SectionPick;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const launched = course.sections.some((s) => s.sectionId === launchedSectionId);
  useEffect(() => {
    if (launched) headingRef.current?.focus();
  }, [launched]);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const label = `${course.departmentCode} ${course.courseCode}`;
  const outstanding = course.sections.filter((s) => s.adoptionStatus === 'OUTSTANDING');
  const previous = course.previous;
  return (
    <Panel
      labelledBy={headingId}
      component="article"
      sx={launched ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}
      >
        <div>
          {launched && (
            <Chip size="small" variant="outlined" color="primary" label={T.fromCourseSite} />
          )}
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="h6"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {label} · {course.courseName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {course.divisionName}
          </Typography>
        </div>
        <Link
          component={RouterLink}
          to={coursePath(course)}
          aria-label={`${T.openCourse} ${label}`}
        >
          {T.openCourse}
        </Link>
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <SectionList
          sections={course.sections}
          launchedSectionId={launchedSectionId}
          pick={pick}
          courseLabel={label}
        />
      </Box>
      <RolloverProposals
        proposals={course.proposals}
        coursePath={coursePath(course)}
        label={label}
      />
      {previous && (
        <Box sx={{ mt: 2 }}>
          <Typography component="h3" variant="subtitle2">
            {T.lastTime(previous.termName)}
          </Typography>
          <PreviousMaterials previous={previous} />
          {outstanding.length > 0 && (
            <Button
              variant="contained"
              sx={{ mt: 1.5 }}
              aria-label={`${T.adoptSame} for ${label}`}
              onClick={() => {
                setDone(null);
                setOpen(true);
              }}
            >
              {T.adoptSame}
            </Button>
          )}
        </Box>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
          {done}
        </Alert>
      )}
      {open && previous && (
        <AdoptSameDialog
          course={course}
          previous={previous}
          sections={outstanding}
          label={label}
          onClose={() => setOpen(false)}
          onAdopted={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      )}
    </Panel>
  );
}
