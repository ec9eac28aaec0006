import { z } from 'zod';
import { useUrlState } from '../../../lib/url-state.ts';
import { WIZARD_PAGES, type WizardPage } from '../wizard/wizard-flows.ts';

/**
 * docs/behaviour/routes-and-guard.md: CourseDetail takes ?viewAdoptionId= and ?editAdoptionId=, numbers. Each opens its
 * panel, so a panel is a link staff can share and Back closes it; closing replaces its entry.
 * 0 (absent) means closed. The adoption wizard opens the same way: ?adopt=new (create mode),
 * ?editAdoptionId= (edit mode), ?linkAdoptionId= (link_new mode), with the page it is on in
 * ?wizardPage= (replaced as it moves, so Back in the browser leaves the wizard).
 */
const adoptionPanelSchema = z.object({
  viewAdoptionId: z.coerce.number().int().min(0),
  editAdoptionId: z.coerce.number().int().min(0),
  linkAdoptionId: z.coerce.number().int().min(0),
  adopt: z.enum(['', 'new']),
  wizardPage: z.enum(['', ...WIZARD_PAGES]),
});

const CLOSED = {
  viewAdoptionId: 0,
  editAdoptionId: 0,
  linkAdoptionId: 0,
  adopt: '',
  wizardPage: '',
} as const satisfies z.output<typeof adoptionPanelSchema>;

export function useAdoptionPanels() {
  const [state, setState] = useUrlState(adoptionPanelSchema, CLOSED);
  return {
    viewAdoptionId: state.viewAdoptionId,
    editAdoptionId: state.editAdoptionId,
    linkAdoptionId: state.linkAdoptionId,
    creating: state.adopt === 'new',
    openView: (id: number) => setState({ ...CLOSED, viewAdoptionId: id }),
    openEdit: (id: number) => setState({ ...CLOSED, editAdoptionId: id }),
    openLink: (id: number) => setState({ ...CLOSED, linkAdoptionId: id }),
    openCreate: () => setState({ ...CLOSED, adopt: 'new' }),
    // The wizard's page is not a history entry of its own: its Back button goes back a page.
    showWizardPage: (page: WizardPage) => {
      if (page !== state.wizardPage) setState({ wizardPage: page }, { replace: true });
    },
    // Closing replaces the panel's entry, so Back does not open it again.
    close: () => setState(CLOSED, { replace: true }),
  };
}
