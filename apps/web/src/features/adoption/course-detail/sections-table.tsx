import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdoptionSection } from '@csp/contracts';
import { FactList } from './fact-list.tsx';
import {
  AdoptionCount,
  fulfilmentLabel,
  professorsLabel,
  SectionCost,
  sectionDates,
  showsNoMaterialRequired,
} from './section-figures.tsx';

/**
 * The course's sections that have not ended: a table where there is room, one card per
 * section on a phone (an eight-column table cannot fit 360 px without scrolling sideways).
 */
export function SectionsTable({
  sections,
  labelledBy,
}: {
  sections: readonly AdoptionSection[];
  labelledBy: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (sections.length === 0) {
    return (
      <Typography color="text.secondary">
        This course has no sections that you may adopt for and that have not ended.
      </Typography>
    );
  }
  const legend = sections.some(showsNoMaterialRequired) && (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      NMR: no material required (the section&apos;s one adoption says no text is needed).
    </Typography>
  );
  return (
    <>
      {phone ? (
        <SectionCards sections={sections} labelledBy={labelledBy} />
      ) : (
        <SectionRows sections={sections} labelledBy={labelledBy} />
      )}
      {legend}
    </>
  );
}

function SectionRows({
  sections,
  labelledBy,
}: {
  sections: readonly AdoptionSection[];
  labelledBy: string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Section</TableCell>
            <TableCell scope="col">Term</TableCell>
            <TableCell scope="col">Dates</TableCell>
            <TableCell scope="col">Professors</TableCell>
            <TableCell scope="col" align="right">
              Enrolled
            </TableCell>
            <TableCell scope="col" align="right">
              Adoptions
            </TableCell>
            <TableCell scope="col" align="right">
              Fulfilled
            </TableCell>
            <TableCell scope="col">Textbook cost</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sections.map((section) => (
            <TableRow key={section.sectionId}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {section.sectionCode}
              </TableCell>
              <TableCell>{section.termName}</TableCell>
              <TableCell>{sectionDates(section)}</TableCell>
              <TableCell>{professorsLabel(section)}</TableCell>
              <TableCell align="right">{section.studentsEnrolled}</TableCell>
              <TableCell align="right">
                <AdoptionCount section={section} />
              </TableCell>
              <TableCell align="right">{fulfilmentLabel(section)}</TableCell>
              <TableCell>
                <SectionCost section={section} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SectionCards({
  sections,
  labelledBy,
}: {
  sections: readonly AdoptionSection[];
  labelledBy: string;
}) {
  return (
    <Stack
      component="ul"
      aria-labelledby={labelledBy}
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {sections.map((section) => (
        <Paper component="li" variant="outlined" key={section.sectionId} sx={{ p: 1.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Section {section.sectionCode} · {section.termName}
          </Typography>
          <FactList
            labelWidth={90}
            compact
            facts={[
              { label: 'Dates', value: sectionDates(section) },
              { label: 'Professors', value: professorsLabel(section) },
              { label: 'Enrolled', value: section.studentsEnrolled },
              { label: 'Adoptions', value: <AdoptionCount section={section} /> },
              { label: 'Fulfilled', value: fulfilmentLabel(section) },
              { label: 'Textbook cost', value: <SectionCost section={section} /> },
            ]}
          />
        </Paper>
      ))}
    </Stack>
  );
}
