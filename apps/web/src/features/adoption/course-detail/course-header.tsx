import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { CourseDTO } from '@csp/contracts';
import { PENDING_START } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { courseCodeLabel, type CourseRef } from './course-ref.ts';
import { FactList } from './fact-list.tsx';

interface CourseHeaderProps {
  course: CourseRef;
  /** The catalog's row for the course; null while loading or when it cannot be read. */
  details: CourseDTO | null;
  loading: boolean;
  /** Buttons for the whole course (the future adoptions e-mail). */
  actions?: ReactNode;
}

/** The course's name (the page's h1), code, division, next start date and adoption status. */
export function CourseHeader({ course, details, loading, actions }: CourseHeaderProps) {
  const code = courseCodeLabel(course);
  // Shown while the catalog row loads, or when it cannot be had (a course with no sections).
  const missing = loading ? '…' : 'Not available';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <PageHeading>{details?.courseName ?? code}</PageHeading>
        <FactList
          labelWidth={150}
          compact
          facts={[
            { label: 'Course', value: code },
            { label: 'Division', value: details?.divisionName ?? missing },
            {
              label: 'Next start',
              value: details
                ? details.nextStartDate === PENDING_START
                  ? 'Pending'
                  : formatDisplayDate(details.nextStartDate)
                : missing,
            },
            {
              label: 'Adoption complete',
              value: details ? (details.adoptionStatus === 'complete' ? 'Y' : 'N') : missing,
            },
          ]}
        />
      </Box>
      {actions}
    </Stack>
  );
}
