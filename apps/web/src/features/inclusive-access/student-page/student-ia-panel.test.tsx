import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IA_MESSAGES, type IaStaffStudentSection } from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { BASE, CUSTOMER_ID, renderWithOrders } from '../../../test/students/order-test-server.tsx';
import { StudentIaPanel } from './student-ia-panel.tsx';

const SECTION: IaStaffStudentSection = {
  participantId: 41,
  sectionId: 7,
  termName: 'Fall 2026',
  sectionName: 'BIO 101 section 001',
  courseTitle: 'Introduction to Biology',
  model: 'OPT_OUT',
  materials: [{ title: 'Campbell Biology (digital)', author: 'Urry', priceCents: 5_999 }],
  totalCents: 5_999,
  deadline: '2026-09-15',
  choice: null,
  participating: true,
  enrolled: true,
  mayChange: true,
  whyNot: null,
  history: [{ change: 'ENROLLED', source: 'FEED', actorName: null, at: '2026-08-20T10:00:00Z' }],
};

function server(section: IaStaffStudentSection = SECTION) {
  let current = section;
  return {
    [`GET ${BASE}/student/inclusiveAccess`]: () =>
      json(200, { today: '2026-09-10', sections: [current] }),
    [`PUT ${BASE}/student/inclusiveAccess/41`]: (r: StubRequest) => {
      const choice = (r.body as { choice: 'IN' | 'OUT' }).choice;
      current = {
        ...current,
        choice,
        participating: choice === 'IN',
        history: [
          ...current.history,
          {
            change: 'OPTED_OUT',
            source: 'STAFF',
            actorName: 'Pat Staff',
            at: '2026-09-10T15:00:00Z',
          },
        ],
      };
      return json(200, current);
    },
  };
}

describe('StudentIaPanel', () => {
  it('opts the student out on their behalf after a confirmation, and shows who did it', async () => {
    const view = await renderWithOrders(<StudentIaPanel customerId={CUSTOMER_ID} />, {
      actions: ['MANAGE_INCLUSIVE_ACCESS'],
      handlers: server(),
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Inclusive access' });
    expect(await within(panel).findByText('BIO 101 section 001 · Fall 2026')).toBeVisible();
    expect(within(panel).getByText('In')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Opt out for the student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt out of BIO 101 section 001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Opt out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(panel).findByText(/Opted out \(Pat Staff\)/)).toBeVisible();
    const put = view.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ choice: 'OUT' });
  });

  it('says why the choice is final after the deadline, without a button', async () => {
    await renderWithOrders(<StudentIaPanel customerId={CUSTOMER_ID} />, {
      actions: ['MANAGE_INCLUSIVE_ACCESS'],
      handlers: server({ ...SECTION, mayChange: false, whyNot: IA_MESSAGES.deadlinePassed }),
    });
    expect(await screen.findByText(IA_MESSAGES.deadlinePassed)).toBeVisible();
    expect(screen.queryByRole('button', { name: /for the student/ })).not.toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, without MANAGE_INCLUSIVE_ACCESS', async () => {
    const view = await renderWithOrders(<StudentIaPanel customerId={CUSTOMER_ID} />, {
      actions: ['VIEW_STUDENT_FUNDING'],
      handlers: server(),
    });
    expect(screen.queryByRole('region', { name: 'Inclusive access' })).not.toBeInTheDocument();
    expect(view.calls.some((c) => c.url.pathname.includes('inclusiveAccess'))).toBe(false);
  });
});
