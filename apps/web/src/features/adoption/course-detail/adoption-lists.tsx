import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionCard, type AdoptionCardActions } from './adoption-card.tsx';
import { groupAdoptions } from './adoption-format.ts';
import { mayEndCourseAdoption, mayLinkToTitle, removableSections } from './adoption-rules.ts';
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
 * The course's adoptions as the separate lists of docs/behaviour/routes-and-guard.md: those needing a response first (the
 * work waiting on someone), then section adoptions, then course (auto) adoptions. Each adoption
 * is in one list only; its kind shows on its card.
 */
export function AdoptionLists({ adoptions, sections, capabilities, actions }: AdoptionListsProps) {
  if (adoptions.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {M.noAdoptions}
      </Typography>
    );
  }
  const groups = groupAdoptions(adoptions);
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
  });
  const lists = [
    {
      key: 'response',
      heading: 'Needing a response',
      empty: 'No adoption is waiting for a response.',
      items: groups.needingResponse,
    },
    {
      key: 'section',
      heading: 'Section adoptions',
      empty: 'No section adoptions.',
      items: groups.section,
    },
    {
      key: 'course',
      heading: 'Course adoptions (auto adoptions)',
      empty: 'No course adoptions.',
      items: groups.course,
    },
  ];
  return (
    <Stack spacing={3}>
      {lists.map((list) => (
        <AdoptionList
          key={list.key}
          heading={list.heading}
          empty={list.empty}
          count={list.items.length}
        >
          {list.items.map((adoption) => (
            <AdoptionCard
              key={adoption.adoptionMaterialId}
              adoption={adoption}
              sections={sections}
              {...cardActions(adoption)}
            />
          ))}
        </AdoptionList>
      ))}
    </Stack>
  );
}

function AdoptionList(props: {
  heading: string;
  empty: string;
  count: number;
  children: ReactNode;
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
      ) : (
        <Box sx={twoColumns('lg')}>{props.children}</Box>
      )}
    </Box>
  );
}
