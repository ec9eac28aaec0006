import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SectionMaterial } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  callsTo,
  renderResearch,
  screenWidth,
  sectionDetail,
} from '../../../test/research/research-fake-server.ts';

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

function material(id: number, extra: Partial<SectionMaterial> = {}): SectionMaterial {
  return {
    adoptionMaterialId: id,
    adoptionType: 'SECTION_ADOPTION',
    titleId: 90,
    proposedTitleId: null,
    isbn: '9780134093413',
    title: 'Campbell Biology',
    author: 'Urry',
    edition: '12th',
    publisher: 'Pearson',
    required: true,
    noTextRequired: false,
    ia: false,
    startDate: '2026-08-24',
    expirationDate: null,
    retailPriceCents: 18999,
    statusLabel: null,
    ...extra,
  };
}

beforeEach(() => screenWidth(1280));

describe('Section research: a section', { timeout: 30_000 }, () => {
  it('shows the section, its materials with status labels, and its students by last name', async () => {
    const { calls } = renderResearch('/research/section/7', {
      handlers: {
        [`GET ${BASE}/sectionDetail`]: () =>
          json(200, sectionDetail({ percentOrderItemsFulfilled: 87.5 })),
        [`GET ${BASE}/sectionDetail/materials`]: () =>
          json(200, {
            materials: [
              material(1),
              material(2, {
                title: 'Lab Notebook',
                isbn: null,
                required: false,
                retailPriceCents: null,
                statusLabel: 'Additional Information Needed',
              }),
            ],
          }),
      },
    });
    await heading('BIOL 101 – A1');
    expect(screen.getByText('General Biology')).toBeVisible();
    const facts = screen.getByText('Dates').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('08/24/2026 – 12/12/2026');
    expect(facts).toHaveTextContent('Enrollment2 / 30');
    expect(facts).toHaveTextContent('Order items fulfilled87.5%');
    expect(within(facts).getByRole('link', { name: 'ana.lee@example.edu' })).toHaveAttribute(
      'href',
      'mailto:ana.lee@example.edu',
    );
    expect(
      within(facts).getByText('Additional Information Needed').closest('.MuiChip-root'),
    ).not.toBeNull();

    const materials = await screen.findByRole('region', { name: 'Materials' });
    await within(materials).findByText('Campbell Biology');
    expect(materials).toHaveTextContent('ISBN 9780134093413');
    expect(materials).toHaveTextContent('Price $189.99');
    expect(within(materials).getByText('Recommended')).toBeVisible();
    expect(within(materials).getByText('Additional Information Needed')).toBeVisible();
    expect(within(materials).getByRole('link', { name: 'Course adoptions' })).toHaveAttribute(
      'href',
      '/adopt/course/1/BIOL/101',
    );

    const students = screen.getByRole('region', { name: 'Enrolled students' });
    expect(
      within(students)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Adams, Omar', 'Thompson, Maya']);
    expect(within(students).getByRole('link', { name: 'Thompson, Maya' })).toHaveAttribute(
      'href',
      '/research/section/7/student/42',
    );
    expect(callsTo(calls, 'GET', 'sectionDetail')[0]?.url.searchParams.get('sectionId')).toBe('7');
  });

  it('shows NMR and no adoption link nor fulfilment figure when the server leaves them out', async () => {
    renderResearch('/research/section/7', {
      handlers: {
        [`GET ${BASE}/sectionDetail`]: () =>
          json(
            200,
            sectionDetail({
              mayAdopt: false,
              noTextRequired: true,
              listingCount: 1,
              adoptionStatus: 'NO_TEXT_REQUIRED',
            }),
          ),
      },
    });
    await heading('BIOL 101 – A1');
    const facts = screen.getByText('Dates').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('AdoptionsNMR');
    expect(facts).not.toHaveTextContent('Order items fulfilled');
    // No deadline for the term: nothing said about one.
    expect(facts).not.toHaveTextContent('Adoption deadline');
    expect(await screen.findByText('No materials adopted yet.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Course adoptions' })).toBeNull();
  });

  it('says where the section stands against its term’s adoption deadline, once one is set', async () => {
    renderResearch('/research/section/7', {
      handlers: {
        [`GET ${BASE}/sectionDetail`]: () =>
          json(200, sectionDetail({ adoptionDeadline: '2026-09-01', deadlineStatus: 'LATE' })),
      },
    });
    await heading('BIOL 101 – A1');
    const facts = screen.getByText('Dates').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('Adoption deadlineLate· due 09/01/2026');
  });

  it("says 'Unable to load section data.' when the section cannot be loaded, and retries", async () => {
    let fail = true;
    renderResearch('/research/section/7', {
      handlers: {
        [`GET ${BASE}/sectionDetail`]: () =>
          fail ? json(503, { message: 'Database away' }) : json(200, sectionDetail()),
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Unable to load section data.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await heading('BIOL 101 – A1');
  });

  it('says a section is not found on a 404, and for a malformed id without asking', async () => {
    const missing = renderResearch('/research/section/99', {
      handlers: {
        [`GET ${BASE}/sectionDetail`]: () =>
          json(404, { message: 'Section not found', field: 'sectionId' }),
      },
    });
    expect(await screen.findByText('Section not found', {}, { timeout: 10_000 })).toBeVisible();
    missing.unmount();

    const malformed = renderResearch('/research/section/12abc');
    expect(await screen.findByText('Section not found', {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(malformed.calls, 'GET', 'sectionDetail')).toHaveLength(0);
  });

  it('goes back to the list with the filters and page it was opened from', async () => {
    const { router } = renderResearch('/research?status=ADOPTED&page=2&after=c19');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('link', { name: 'BIOL 101 – S21' }, { timeout: 10_000 }),
    );
    await heading('BIOL 101 – A1');
    expect(router.state.location.pathname).toBe('/research/section/21');
    // Through a student and back to the section, the list's filters travel along.
    await user.click(screen.getByRole('link', { name: 'Thompson, Maya' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/research/section/21/student/42'),
    );
    await user.click(await screen.findByRole('link', { name: 'BIOL 101 – A1' }));
    await heading('BIOL 101 – A1');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(crumbs).getByRole('link', { name: 'Section Research' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/research'));
    expect(router.state.location.search).toBe('?status=ADOPTED&page=2&after=c19');
  });
});
