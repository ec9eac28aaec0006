import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { AdoptionMaterialDTO, AdoptionSection, TitleDTO } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { courseListReturnPath } from '../course-list-return.ts';
import { AdoptionLists } from './adoption-lists.tsx';
import { AdoptionPanels } from './adoption-panels.tsx';
import { useAdoptionPanels } from './adoption-url-state.ts';
import { CostGapsPanel } from './cost-gaps-panel.tsx';
import { courseCapabilities } from './course-capabilities.ts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import {
  isNotFound,
  useAdoptionMaterials,
  useCourseActions,
  useCourseHeader,
  useCourseSections,
  usePreviousAdoptions,
} from './course-detail-queries.ts';
import { CourseHeader } from './course-header.tsx';
import { CourseNotFound } from './course-not-found.tsx';
import { courseCodeLabel, type CourseRef } from './course-ref.ts';
import { FutureAdoptionsEmailButton } from './future-adoptions-email-button.tsx';
import { PreviousAdoptionsPanel } from './previous-adoptions-panel.tsx';
import { RemovalDialogs, useRemovals } from './removal-dialogs.tsx';
import { SectionsTable } from './sections-table.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { EditTitleDialog } from '../titles/edit-title-dialog.tsx';

/**
 * One course (docs/behaviour/routes-and-guard.md#routes CourseDetail): its header, its sections, its adoptions in the lists of
 * docs/behaviour/routes-and-guard.md, and its previous adoptions. Every call starts at once; what the caller may do on the
 * course (getCourseUserActions) decides whether the page is shown at all and which buttons.
 */
export function CourseDetail({ course }: { course: CourseRef }) {
  const actions = useCourseActions(course);
  const sections = useCourseSections(course);
  const materials = useAdoptionMaterials(course);
  const previous = usePreviousAdoptions(course);
  const header = useCourseHeader(course);
  const panels = useAdoptionPanels();
  const removals = useRemovals();
  const [editedTitle, setEditedTitle] = useState<TitleDTO | null>(null);
  const adoptionsHeadingId = useId();

  const sectionsById = useMemo(
    () =>
      new Map<number, AdoptionSection>(
        (sections.data?.potentialAdoptionSections ?? []).map((s) => [s.sectionId, s]),
      ),
    [sections.data],
  );

  if (actions.isPending) return <Loading course={course} />;
  if (actions.isError) {
    if (isNotFound(actions.error)) return <CourseNotFound course={course} />;
    return (
      <Failed
        course={course}
        message={errorMessage(actions.error)}
        retry={() => void actions.refetch()}
      />
    );
  }

  const { actions: held, courseActions, mayEditTitles } = actions.data;
  const capabilities = courseCapabilities(held, courseActions, mayEditTitles);
  const adoptions = materials.data?.adoptionMaterials ?? [];
  const lookup = (id: number): AdoptionMaterialDTO | undefined =>
    adoptions.find((a) => a.adoptionMaterialId === id) ??
    previous.data?.myAdoptions.find((a) => a.adoptionMaterialId === id) ??
    previous.data?.otherAdoptions.find((a) => a.adoptionMaterialId === id);
  const open = (adoption: AdoptionMaterialDTO) => panels.openView(adoption.adoptionMaterialId);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1280, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={courseListReturnPath()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Course catalog
      </Link>
      <CourseHeader
        course={course}
        details={header.course}
        loading={header.isLoading}
        actions={
          capabilities.mayActOnCourse ? <FutureAdoptionsEmailButton course={course} /> : undefined
        }
      />

      <SectionsBlock sections={sections} />
      <CostGapsPanel course={course} enabled={actions.data.actions.includes('VIEW_SECTION')} />

      <Box component="section" aria-labelledby={adoptionsHeadingId}>
        <AdoptionsHeading
          id={adoptionsHeadingId}
          mayAdopt={capabilities.mayAdopt}
          onAdd={panels.openCreate}
        />
        {materials.isPending ? (
          <InlineLoading label="Loading adoptions" />
        ) : materials.isError ? (
          <LoadFailure onRetry={() => void materials.refetch()}>
            {errorMessage(materials.error)}
          </LoadFailure>
        ) : (
          <AdoptionLists
            adoptions={adoptions}
            sections={sectionsById}
            capabilities={capabilities}
            actions={{
              onView: open,
              onEdit: (a) => panels.openEdit(a.adoptionMaterialId),
              onRemoveFromSection: removals.askSection,
              onRemoveCourseAdoption: removals.askCourse,
              onLink: (a) => panels.openLink(a.adoptionMaterialId),
              onEditTitle: (a) => setEditedTitle(a.title),
            }}
          />
        )}
      </Box>

      <PreviousAdoptionsPanel query={previous} onView={open} />

      <AdoptionPanels
        course={course}
        panels={panels}
        lookup={lookup}
        loading={materials.isPending || previous.isPending}
        failed={materials.isError}
        sections={sectionsById}
        capabilities={capabilities}
      />
      <RemovalDialogs removals={removals} sections={sectionsById} />
      {editedTitle && <EditTitleDialog title={editedTitle} onClose={() => setEditedTitle(null)} />}
    </Stack>
  );
}

/** The adoptions' heading, with the Add adoption button for those who may adopt. */
function AdoptionsHeading(props: { id: string; mayAdopt: boolean; onAdd: () => void }) {
  const { id, mayAdopt, onAdd } = props;
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        mb: 1,
      }}
    >
      <Typography id={id} component="h2" variant="h5">
        Adoptions
      </Typography>
      {mayAdopt && (
        <Button variant="contained" startIcon={<AddIcon aria-hidden />} onClick={onAdd}>
          Add adoption
        </Button>
      )}
    </Stack>
  );
}

/** The course's sections, with their count in the heading. */
function SectionsBlock({ sections }: { sections: ReturnType<typeof useCourseSections> }) {
  const sectionsHeadingId = useId();
  return (
    <Box component="section" aria-labelledby={sectionsHeadingId}>
      <Typography id={sectionsHeadingId} component="h2" variant="h6" gutterBottom>
        Sections{sections.data ? ` (${sections.data.potentialAdoptionSections.length})` : ''}
      </Typography>
      {sections.isPending ? (
        <InlineLoading label="Loading sections" />
      ) : sections.isError ? (
        <LoadFailure onRetry={() => void sections.refetch()}>{M.sectionsFailed}</LoadFailure>
      ) : (
        <SectionsTable
          sections={sections.data.potentialAdoptionSections}
          labelledBy={sectionsHeadingId}
        />
      )}
    </Box>
  );
}

function Loading({ course }: { course: CourseRef }) {
  return (
    <Stack spacing={2}>
      <PageHeading>{courseCodeLabel(course)}</PageHeading>
      <InlineLoading label="Loading the course" />
    </Stack>
  );
}

function Failed({
  course,
  message,
  retry,
}: {
  course: CourseRef;
  message: string;
  retry: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PageHeading>{courseCodeLabel(course)}</PageHeading>
      <LoadFailure onRetry={retry}>{message}</LoadFailure>
    </Stack>
  );
}

function InlineLoading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }}>
      <CircularProgress size={20} aria-label={label} />
      <Typography color="text.secondary">{label}…</Typography>
    </Stack>
  );
}
