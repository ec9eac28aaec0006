import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import type { AdoptionCardActions } from './adoption-buttons.tsx';
import { AdoptionCard } from './adoption-card.tsx';
import { groupAdoptions, needsResponse } from './adoption-format.ts';
import { mayEndCourseAdoption, mayLinkToTitle, removableSections } from './adoption-rules.ts';
import { AdoptionTable } from './adoption-table.tsx';
import { useAdoptionView, type AdoptionView } from './adoption-url-state.ts';
import { AdoptionViewSwitch } from './adoption-view-switch.tsx';
import type { CourseCapabilities } from './course-capabilities.ts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { twoColumns } from '../../../components/two-columns.ts';

interface AdoptionListsProps {
  adoptions: readonly AdoptionMaterialDTO[];
  sections: ReadonlyMap<number, AdoptionSection>;
  capabilities: CourseCapabilities;
  actions: Required<AdoptionCardActions>;
}

/**
 * The course's adoptions as the lists of docs/behaviour/routes-and-guard.md: those needing a
 * response first (the work waiting on someone), then section adoptions, then course (auto)
 * adoptions. Each heading counts the cards under it. An adoption needing a response is in its
 * type's list too, so that list is complete and agrees with the sections table; its card there
 * says where the response is asked. Ended or removed adoptions are in Previous adoptions only.
 * The lists show as cards or, for a course with many adoptions, as tables (useAdoptionView):
 * the same lists, counts and buttons either way.
 */
export function AdoptionLists({ adoptions, sections, capabilities, actions }: AdoptionListsProps) {
  const groups = groupAdoptions(adoptions);
  const { view, choose } = useAdoptionView(groups.section.length + groups.course.length);
  const hiddenNote = groups.hidden > 0 && (
    <Typography variant="body2" color="text.secondary">
      {M.notCurrentAdoptions(groups.hidden)}
    </Typography>
  );
  if (groups.section.length + groups.course.length === 0) {
    return (
      <Stack spacing={1} sx={{ py: 1 }}>
        <Typography color="text.secondary">{M.noAdoptions}</Typography>
        {hiddenNote}
      </Stack>
    );
  }
  const cardActions = (adoption: AdoptionMaterialDTO): AdoptionCardActions => ({
    onView: actions.onView,
    onEdit: capabilities.mayAdopt ? actions.onEdit : undefined,
    onRemoveFromSection:
      capabilities.mayAdopt && removableSections(adoption, sections).length > 0
        ? actions.onRemoveFromSection
        : undefined,
    onRemoveCourseAdoption: mayEndCourseAdoption(adoption, capabilities)
      ? actions.onRemoveCourseAdoption
      : undefined,
    onLink: mayLinkToTitle(adoption, capabilities) ? actions.onLink : undefined,
    onEditTitle: capabilities.mayEditTitles && adoption.title ? actions.onEditTitle : undefined,
  });
  const lists = [
    {
      key: 'response',
      heading: 'Needing a response',
      empty: 'No adoption is waiting for a response.',
      items: groups.needingResponse,
      typeList: false,
    },
    {
      key: 'section',
      heading: 'Section adoptions',
      empty: 'No section adoptions.',
      items: groups.section,
      typeList: true,
    },
    {
      key: 'course',
      heading: 'Course adoptions (auto adoptions)',
      empty: 'No course adoptions.',
      items: groups.course,
      typeList: true,
    },
  ];
  const noteFor = (adoption: AdoptionMaterialDTO, typeList: boolean) =>
    typeList && needsResponse(adoption) ? M.alsoNeedingResponse : undefined;
  return (
    <Stack spacing={3}>
      <AdoptionViewSwitch view={view} onChange={choose} />
      {lists.map((list) => (
        <AdoptionList
          key={list.key}
          heading={list.heading}
          empty={list.empty}
          count={list.items.length}
          view={view}
        >
          {(headingId) =>
            view === 'table' ? (
              <AdoptionTable
                adoptions={list.items}
                sections={sections}
                labelledBy={headingId}
                heading={list.heading}
                noteFor={(adoption) => noteFor(adoption, list.typeList)}
                actionsFor={cardActions}
              />
            ) : (
              list.items.map((adoption) => (
                <AdoptionCard
                  key={adoption.adoptionMaterialId}
                  adoption={adoption}
                  sections={sections}
                  note={noteFor(adoption, list.typeList)}
                  {...cardActions(adoption)}
                />
              ))
            )
          }
        </AdoptionList>
      ))}
      {hiddenNote}
    </Stack>
  );
}

function AdoptionList(props: {
  heading: string;
  empty: string;
  count: number;
  view: AdoptionView;
  /** The list's content, given the id of its heading (which names a table). */
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h6" gutterBottom>
        {props.heading} ({props.count})
      </Typography>
      {props.count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {props.empty}
        </Typography>
      ) : props.view === 'table' ? (
        props.children(headingId)
      ) : (
        <Box sx={twoColumns('lg')}>{props.children(headingId)}</Box>
      )}
    </Box>
  );
}
