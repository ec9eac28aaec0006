import { z } from 'zod';
import { useUrlState } from '../../../lib/url-state.ts';

/**
 * Spec §2: CourseDetail takes ?viewAdoptionId= and ?editAdoptionId=, numbers. Each opens its
 * panel, so a panel is a link staff can share and Back closes it; closing replaces its entry.
 * 0 (absent) means closed.
 */
const adoptionPanelSchema = z.object({
  viewAdoptionId: z.coerce.number().int().min(0),
  editAdoptionId: z.coerce.number().int().min(0),
});

const CLOSED = { viewAdoptionId: 0, editAdoptionId: 0 };

export function useAdoptionPanels() {
  const [state, setState] = useUrlState(adoptionPanelSchema, CLOSED);
  return {
    viewAdoptionId: state.viewAdoptionId,
    editAdoptionId: state.editAdoptionId,
    openView: (id: number) => setState({ viewAdoptionId: id, editAdoptionId: 0 }),
    openEdit: (id: number) => setState({ editAdoptionId: id, viewAdoptionId: 0 }),
    // Closing replaces the panel's entry, so Back does not open it again.
    close: () => setState(CLOSED, { replace: true }),
  };
}
