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

export type AdoptionView = 'cards' | 'table';

/**
 * Cards suit a course with a few adoptions; past this many the cards (two to a row on a wide
 * screen, one on a phone) run longer than a screen or two and a store clerk scrolls past covers
 * to compare titles, so the page opens on the table. Six is three rows of two cards.
 */
export const TABLE_VIEW_FROM = 7;

const adoptionViewSchema = z.object({ adoptionView: z.enum(['', 'cards', 'table']) });
const NO_VIEW_CHOSEN = { adoptionView: '' } as const satisfies z.output<typeof adoptionViewSchema>;

/**
 * ?adoptionView=cards|table: the view the user chose, so a shared link and Back keep it. Until
 * they choose, the view follows the number of adoptions (TABLE_VIEW_FROM). Each choice is a
 * history entry of its own; opening a panel leaves the parameter alone.
 */
export function useAdoptionView(adoptionCount: number) {
  const [state, setState] = useUrlState(adoptionViewSchema, NO_VIEW_CHOSEN);
  const fallback: AdoptionView = adoptionCount >= TABLE_VIEW_FROM ? 'table' : 'cards';
  const view: AdoptionView = state.adoptionView || fallback;
  return { view, choose: (next: AdoptionView) => setState({ adoptionView: next }) };
}
