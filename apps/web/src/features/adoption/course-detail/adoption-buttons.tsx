import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

/** What the caller may do to one adoption, and how. Absent handlers hide their buttons. */
export interface AdoptionCardActions {
  onView: (adoption: AdoptionMaterialDTO) => void;
  onEdit?: (adoption: AdoptionMaterialDTO) => void;
  onRemoveFromSection?: (adoption: AdoptionMaterialDTO) => void;
  onRemoveCourseAdoption?: (adoption: AdoptionMaterialDTO) => void;
  onLink?: (adoption: AdoptionMaterialDTO) => void;
  /** The adoption's catalog title: its kind, licence, address and prices (issue 31). */
  onEditTitle?: (adoption: AdoptionMaterialDTO) => void;
}

/**
 * An adoption's buttons, the same on its card and on its table row. They repeat on every
 * adoption, so screen readers hear which adoption each one is for.
 */
export function AdoptionButtons({
  adoption,
  description,
  actions,
  stacked = false,
}: {
  adoption: AdoptionMaterialDTO;
  description: string;
  actions: AdoptionCardActions;
  /** One above another, for a narrow table cell. */
  stacked?: boolean;
}) {
  const which = (
    <>
      {' '}
      <VisuallyHidden>of {description}</VisuallyHidden>
    </>
  );
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      useFlexGap
      sx={{
        flexWrap: 'wrap',
        gap: 1,
        mt: 'auto',
        ...(stacked && { alignItems: 'stretch' }),
      }}
    >
      <CardButton primary onClick={() => actions.onView(adoption)}>
        View details{which}
      </CardButton>
      {actions.onEdit && (
        <CardButton onClick={() => actions.onEdit?.(adoption)}>Edit{which}</CardButton>
      )}
      {actions.onLink && (
        <CardButton onClick={() => actions.onLink?.(adoption)}>
          Link to a catalog title{which}
        </CardButton>
      )}
      {actions.onEditTitle && (
        <CardButton onClick={() => actions.onEditTitle?.(adoption)}>Edit title{which}</CardButton>
      )}
      {actions.onRemoveFromSection && (
        <CardButton danger onClick={() => actions.onRemoveFromSection?.(adoption)}>
          Remove from section{which}
        </CardButton>
      )}
      {actions.onRemoveCourseAdoption && (
        <CardButton danger onClick={() => actions.onRemoveCourseAdoption?.(adoption)}>
          Remove course adoption{which}
        </CardButton>
      )}
    </Stack>
  );
}

/** A button of an adoption: View details stands out, a removal is red, the rest are outlined. */
function CardButton(props: {
  primary?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant={props.primary ? 'contained' : 'outlined'}
      color={props.danger ? 'error' : undefined}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
