import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  CUSTOMER_ID,
  callsTo,
  renderWithOrders,
  requiredMaterial,
} from '../../../test/students/order-test-server.tsx';
import {
  REQUIRED_MATERIALS_MESSAGES as M,
  RequiredMaterialsPanel,
} from './required-materials-panel.tsx';

const panel = () => screen.getByRole('region', { name: M.title });

describe('RequiredMaterialsPanel', () => {
  it("lists each section's materials with what the student has, the missing ones stressed", async () => {
    const view = await renderWithOrders(<RequiredMaterialsPanel customerId={CUSTOMER_ID} />, {
      materials: [
        requiredMaterial({
          title: 'Existentialism in Practice',
          titleId: 991,
          isbn: '9780765643117',
          owned: { orderId: 37, fulfillmentType: 'RENT_NEW', status: 'FULFILLED' },
        }),
        requiredMaterial({ required: false, adoptionMaterialId: 195 }),
        requiredMaterial({
          sectionId: 46,
          courseCode: '383',
          courseName: 'Renaissance Art Laboratory',
          startDate: '2026-09-02',
          title: 'Modern Art Course Pack',
          titleId: 50,
          owned: { orderId: 40, fulfillmentType: 'BUY_USED', status: 'PENDING' },
        }),
        requiredMaterial({
          sectionId: 47,
          courseCode: '101',
          courseName: 'Studio Basics',
          startDate: '2027-01-12',
          noTextRequired: true,
          titleId: null,
          title: null,
          isbn: null,
        }),
      ],
    });
    const ethics = await screen.findByRole('article', {
      name: '317 Methods in Ethics — Section A1',
    });
    expect(ethics).toHaveTextContent('Fall 2026 · Main Campus · Starts 08/25/2026');
    expect(within(ethics).getAllByRole('listitem')).toHaveLength(2);
    expect(ethics).toHaveTextContent('ISBN 9780765643117');
    expect(ethics).toHaveTextContent('Rented new — fulfilled');
    expect(ethics).toHaveTextContent('Optional');
    // The missing one is stressed (strong), not just grey text.
    expect(within(ethics).getByText('Not yet ordered').tagName).toBe('STRONG');
    const art = screen.getByRole('article', { name: /Renaissance Art Laboratory/ });
    expect(art).toHaveTextContent('Ordered: buy used — pending');
    const studio = screen.getByRole('article', { name: /Studio Basics/ });
    expect(studio).toHaveTextContent(M.noText);
    expect(within(studio).queryByRole('list')).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('1 not yet ordered');
    // Sections in the order they start.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '317 Methods in Ethics — Section A1',
      '383 Renaissance Art Laboratory — Section A1',
      '101 Studio Basics — Section A1',
    ]);
    const [call] = callsTo(view.calls, 'GET', 'student/requiredMaterials');
    expect(call?.url.searchParams.get('customerId')).toBe(String(CUSTOMER_ID));
  });

  it('says when no current or upcoming section needs materials', async () => {
    await renderWithOrders(<RequiredMaterialsPanel customerId={CUSTOMER_ID} />, { materials: [] });
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it("shows the server's refusal and tries again on request", async () => {
    let refuse = true;
    await renderWithOrders(<RequiredMaterialsPanel customerId={CUSTOMER_ID} />, {
      handlers: {
        [`GET ${BASE}/student/requiredMaterials`]: () =>
          refuse
            ? json(404, { message: 'Customer not found' })
            : json(200, { requiredMaterials: [requiredMaterial()] }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the required materials: Customer not found');
    refuse = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Readings in Logic')).toBeInTheDocument();
  });
});
