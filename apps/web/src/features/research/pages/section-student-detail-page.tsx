import { Suspense } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../platform/feedback/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { StudentDetailView, customerIdOf } from '../../students/index.ts';
import { useSectionDetail, useSectionStudentMaterials } from '../api/research-queries.ts';
import { ResearchBreadcrumbs } from '../detail/back-links.tsx';
import { SectionLoadFailure, SectionNotFound } from '../detail/section-problems.tsx';
import { sectionIdOf, useListReturn } from '../detail/section-ref.ts';
import { RESEARCH_MESSAGES as M } from '../list/research-messages.ts';
import { sectionName, sectionPath } from '../list/section-links.tsx';
import { SectionNeedsPanel } from '../student/section-needs-panel.tsx';

/**
 * /research/section/{id}/student/{num} (docs/behaviour/routes-and-guard.md): "what does this student need for this
 * class?" The section's own materials come first, then the whole student screen (rentals,
 * returns and labels, every required material, history) without leaving the section.
 */
export function SectionStudentDetailPage() {
  const { id, num } = useParams();
  const sectionId = sectionIdOf(id);
  const customerId = customerIdOf(num);
  if (sectionId === null) return <SectionNotFound />;
  if (customerId === null) return <NotEnrolled sectionId={sectionId} label={null} />;
  return <SectionStudent sectionId={sectionId} customerId={customerId} />;
}

function SectionStudent({ sectionId, customerId }: { sectionId: number; customerId: number }) {
  const [params] = useSearchParams();
  const section = useSectionDetail(sectionId);
  const materials = useSectionStudentMaterials(customerId, sectionId);
  if (section.isPending) return <PageLoader label="Loading the section" />;
  if (section.isError)
    return <SectionLoadFailure error={section.error} onRetry={() => void section.refetch()} />;
  const label = sectionName(section.data);
  // The server answers 404 naming sectionId when the student is not in this section.
  // (A 404 naming customerId is no such student: the student screen below says so.)
  if (
    materials.error instanceof ApiRequestError &&
    materials.error.status === 404 &&
    materials.error.field === 'sectionId'
  )
    return <NotEnrolled sectionId={sectionId} label={label} />;
  if (materials.isPending) return <PageLoader label="Loading the student" />;
  const enrolled = section.data.studentsEnrolled[String(customerId)];
  const back = (
    <ResearchBreadcrumbs
      section={{ sectionId, label }}
      current={enrolled ? `${enrolled.lastName}, ${enrolled.firstName}` : 'Student'}
    />
  );
  return (
    <Suspense fallback={<PageLoader label="Loading the student" />}>
      <StudentDetailView
        customerId={customerId}
        returnSerial={params.get('return')}
        back={back}
        intro={<SectionNeedsPanel sectionLabel={label} query={materials} />}
      />
    </Suspense>
  );
}

/** Not a student of this section (or no such student): said plainly, with the way back. */
function NotEnrolled({ sectionId, label }: { sectionId: number; label: string | null }) {
  const back = useListReturn();
  return (
    <Stack spacing={2}>
      <ResearchBreadcrumbs
        section={{ sectionId, label: label ?? 'Section' }}
        current="Student Detail"
      />
      <PageHeading>Student Detail</PageHeading>
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={sectionPath(sectionId)}
            state={back}
          >
            Open the section
          </Button>
        }
      >
        <AlertTitle>{M.notEnrolled}</AlertTitle>
        Open the section to see the students enrolled in it.
      </Alert>
    </Stack>
  );
}
