import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  callsTo,
  renderResearch,
  requiredMaterial,
  screenWidth,
} from '../../../test/research/research-fake-server.ts';

beforeEach(() => screenWidth(1280));

describe('Section research: a student of a section', { timeout: 30_000 }, () => {
  it("shows what the student has and still needs for this section, then the student's screen", async () => {
    const { calls } = renderResearch('/research/section/7/student/42', {
      actions: ['VIEW_SECTION', 'RETURN_RENTALS'],
      handlers: {
        [`GET ${BASE}/student/requiredMaterials`]: (req) =>
          json(200, {
            requiredMaterials: req.url.searchParams.get('sectionId')
              ? [
                  requiredMaterial({
                    owned: { orderId: 3, fulfillmentType: 'RENT_USED', status: 'FULFILLED' },
                  }),
                  requiredMaterial({
                    adoptionMaterialId: 2,
                    title: 'Lab Notebook',
                    required: false,
                  }),
                  requiredMaterial({
                    adoptionMaterialId: 4,
                    title: 'Field Guide',
                    owned: { orderId: 4, fulfillmentType: 'BUY_NEW', status: 'PENDING' },
                  }),
                ]
              : [],
          }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maya Thompson' }, { timeout: 10_000 }),
    ).toBeVisible();
    const panel = screen.getByRole('region', { name: 'For BIOL 101 – A1' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Campbell Biology.*Rented used — fulfilled$/),
      expect.stringMatching(/^Field Guide.*Ordered: buy new — pending$/),
      expect.stringMatching(/^Lab Notebook.*Recommended.*Not yet ordered$/),
    ]);
    expect(within(panel).getByText('Not yet ordered').tagName).toBe('STRONG');
    expect(panel).toHaveTextContent('1 not yet ordered');
    const sectionCall = callsTo(calls, 'GET', 'student/requiredMaterials').find((c) =>
      c.url.searchParams.has('sectionId'),
    );
    expect(Object.fromEntries(sectionCall?.url.searchParams ?? [])).toEqual({
      customerId: '42',
      sectionId: '7',
    });
    // The student's whole screen follows, the section's breadcrumb above it.
    expect(await screen.findByRole('region', { name: 'Required materials' })).toBeVisible();
    // The rentals desk, with its return scan (the print chain comes with it).
    expect(screen.getByRole('region', { name: 'Rentals' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Scan serial number or ISBN' })).toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'BIOL 101 – A1' })).toHaveAttribute(
      'href',
      '/research/section/7',
    );
    expect(within(crumbs).getByText('Thompson, Maya')).toHaveAttribute('aria-current', 'page');
  });

  it('says plainly when the student is not enrolled in the section, with the way to it', async () => {
    const { calls } = renderResearch('/research/section/7/student/77', {
      handlers: {
        [`GET ${BASE}/student/requiredMaterials`]: () =>
          json(404, { message: 'Student not enrolled in section 7', field: 'sectionId' }),
      },
    });
    expect(
      await screen.findByText(
        'This student is not enrolled in this section',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the section' })).toHaveAttribute(
      'href',
      '/research/section/7',
    );
    // The student's own screen is not opened under a section they are not in.
    await waitFor(() => expect(callsTo(calls, 'GET', 'student/details')).toHaveLength(0));
    expect(screen.queryByRole('heading', { name: 'Maya Thompson' })).toBeNull();
  });
});
