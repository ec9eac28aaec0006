import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { departmentLabel, sectionAdoptionsText, type SectionDetailDTO } from '@csp/contracts';
import { DefinitionGrid, LABELLED_FACTS } from '../../../components/definition-grid.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { SectionStatus } from '../list/section-status.tsx';
import { SectionDeadline } from '../list/section-deadline.tsx';

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <DefinitionGrid
      sx={[
        LABELLED_FACTS,
        { gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' } },
      ]}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </DefinitionGrid>
  );
}

function Professors({ section }: { section: SectionDetailDTO }) {
  if (section.professors.length === 0) return <>None assigned</>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {section.professors.map((p) => (
        <li key={p.professorId}>
          {p.name}
          {p.email && (
            <>
              {' · '}
              <Link href={`mailto:${p.email}`}>{p.email}</Link>
            </>
          )}
        </li>
      ))}
    </Box>
  );
}

/** docs/behaviour/entities.md#section: when it runs, who teaches it, who is in it, and where its adoption stands. */
export function SectionFacts({ section }: { section: SectionDetailDTO }) {
  const percent = section.percentOrderItemsFulfilled;
  const facts: [string, ReactNode][] = [
    ['Term', section.termName],
    ['Division', section.divisionName],
    ['Department', departmentLabel(section.departmentCode, section.departmentName)],
    ['Dates', `${formatDisplayDate(section.startDate)} – ${formatDisplayDate(section.endDate)}`],
    ['Professors', <Professors key="p" section={section} />],
    ['Enrollment', `${section.enrollmentCount} / ${section.enrollmentCapacity}`],
    ['Adoption status', <SectionStatus key="s" status={section.adoptionStatus} />],
    ['Adoptions', sectionAdoptionsText(section)],
  ];
  // Where the section stands against its term's deadline, once the store has set one.
  if (section.adoptionDeadline)
    facts.push(['Adoption deadline', <SectionDeadline key="d" row={section} inline />]);
  // Only holders of VIEW_ONTIME_PERCENTAGE are sent the figure (docs/behaviour/roles.md).
  if (percent !== undefined)
    facts.push([
      'Order items fulfilled',
      percent === null ? 'No order items yet' : `${percent.toFixed(1)}%`,
    ]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="p" sx={{ mb: 1.5 }}>
        {section.courseName}
      </Typography>
      <Facts facts={facts} />
    </Paper>
  );
}
