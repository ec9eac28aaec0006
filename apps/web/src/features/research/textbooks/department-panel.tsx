import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TextbookDepartment } from '@csp/contracts';
import { CompletenessBar } from './completeness-bar.tsx';
import { filterCourses, type CostFilter } from './cost-designation.tsx';
import { SectionMaterials } from './section-materials.tsx';
import { Loading } from './textbook-loading.tsx';
import { useTextbookDepartment } from './textbook-queries.ts';
import { TEXTBOOK_TEXT as T } from './textbook-messages.ts';

interface DepartmentPanelProps {
  termId: number;
  department: TextbookDepartment;
  costFilter: CostFilter;
}

const departmentTitle = (d: TextbookDepartment) =>
  d.departmentName ? `${d.departmentCode} · ${d.departmentName}` : d.departmentCode;

/**
 * One department, folded: its name and completeness. Opening it reads its courses (and keeps
 * them while the term is shown), so a term of a hundred departments costs one call up front.
 */
export function DepartmentPanel({ termId, department, costFilter }: DepartmentPanelProps) {
  const [opened, setOpened] = useState(false);
  const title = departmentTitle(department);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      onChange={(_event, expanded) => expanded && setOpened(true)}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0, pr: 1 }}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          <CompletenessBar
            answered={department.sectionsAnswered}
            count={department.sectionCount}
            percent={department.completenessPercent}
            label={title}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {opened && (
          <DepartmentCourses
            termId={termId}
            departmentId={department.departmentId}
            costFilter={costFilter}
          />
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function DepartmentCourses(props: {
  termId: number;
  departmentId: number;
  costFilter: CostFilter;
}) {
  const { termId, departmentId } = props;
  const query = useTextbookDepartment(termId, departmentId, true);
  if (query.isPending) {
    return <Loading label={T.loadingDepartment} />;
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        }
      >
        {T.departmentFailed}
      </Alert>
    );
  }
  // Filtered here: the department's sections all come in one answer.
  const courses = filterCourses(query.data.courses, props.costFilter);
  if (courses.length === 0) return <Typography>{T.noCostMatch}</Typography>;
  return (
    <Stack spacing={2}>
      {courses.map((course) => (
        <Box key={`${course.courseCode}\u0000${course.courseName}`} component="section">
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {query.data.department.departmentCode} {course.courseCode}
            <Typography component="span" color="text.secondary">
              {' '}
              {course.courseName}
            </Typography>
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {course.sections.map((section) => (
              <SectionMaterials key={section.sectionId} section={section} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
