import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_DESIGNATION_REASON_LENGTH,
  getCostDesignationShares,
  getCostGaps,
  getCostReport,
  getCourseCostGaps,
  getCourseList,
  getSectionCost,
  getSectionsByDivisionAndCourse,
  getTextbookDepartment,
  setSectionDesignation,
  type DesignationOverrideBody,
  type SectionCost,
} from '@csp/contracts';
import { contractQueryKey } from '../../../lib/contract-query.ts';
import { answer } from '../../../test/fetch-stub.ts';
import {
  ADOPTION_BASE,
  renderResearch,
  screenWidth,
  sectionCost,
} from '../../../test/research/research-fake-server.ts';

beforeEach(() => screenWidth(1280));

const OVERRIDDEN = sectionCost({
  override: 'LTC',
  designation: 'LTC',
  history: [
    {
      id: 2,
      at: '2026-09-02T15:05:00Z',
      action: 'SET',
      designation: 'LTC',
      reason: 'Rental at $35 from the campus partner',
      actor: { userName: 'cma@example.edu', name: 'Casey Ma' },
    },
  ],
});

/** A fake of the two calls that keeps the override the dialog saves. */
function costServer(start: SectionCost) {
  let cost = start;
  const puts: DesignationOverrideBody[] = [];
  const handlers = {
    [`GET ${ADOPTION_BASE}/sectionCost`]: () => answer(getSectionCost, cost),
    [`PUT ${ADOPTION_BASE}/sectionCost/designation`]: (req: { body: unknown }) => {
      const body = req.body as DesignationOverrideBody;
      puts.push(body);
      const entry = {
        id: cost.history.length + 10,
        at: '2026-09-03T16:00:00Z',
        action: body.designation ? ('SET' as const) : ('CLEARED' as const),
        designation: body.designation ?? null,
        reason: body.reason,
        actor: { userName: 'pat@example.edu', name: 'Pat Doe' },
      };
      const override = body.designation ?? null;
      cost = {
        ...cost,
        override,
        designation: override ?? cost.keptDesignation,
        history: [entry, ...cost.history],
      };
      return answer(setSectionDesignation, cost);
    },
  };
  return { handlers, puts };
}

const panel = () => screen.findByRole('region', { name: 'Textbook cost' }, { timeout: 10_000 });

describe('Section research: a section’s textbook cost', { timeout: 30_000 }, () => {
  it('shows the cost, designation, reason, override and its history; no override without ADOPT_CMA_TEAM', async () => {
    const { handlers } = costServer(OVERRIDDEN);
    renderResearch('/research/section/7', { handlers });
    const region = await panel();
    await within(region).findByText('Casey Ma', { exact: false });
    expect(region).toHaveTextContent('Required cost$45.00 – $90.00');
    expect(region).toHaveTextContent(
      'ReasonRequired materials cost $45.00 at the cheapest, over the $40.00 low-cost threshold',
    );
    expect(
      within(region).getByText('Low textbook cost', { selector: '.MuiChip-label' }),
    ).toBeVisible();
    expect(region).toHaveTextContent(
      'Store overrideLow textbook cost (by its materials: no cost designation)',
    );
    const item = within(region).getByRole('listitem');
    expect(item).toHaveTextContent('Set to Low textbook cost · Casey Ma · 09/02/2026');
    expect(item).toHaveTextContent('Rental at $35 from the campus partner');
    expect(within(region).queryByRole('button', { name: 'Override designation' })).toBeNull();
  });

  it('says when a section was never overridden', async () => {
    renderResearch('/research/section/7', {
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM'],
    });
    const region = await panel();
    expect(
      await within(region).findByText('The store has not overridden this section.'),
    ).toBeVisible();
    expect(region).toHaveTextContent('DesignationNo cost designation');
  });

  it('offers no override to a team member whose grant leaves out this section', async () => {
    // The session holds ADOPT_CMA_TEAM (in another department); the server says not here.
    const { handlers } = costServer(sectionCost({ mayOverride: false }));
    renderResearch('/research/section/7', {
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM'],
      handlers,
    });
    const region = await panel();
    expect(
      await within(region).findByText('The store has not overridden this section.'),
    ).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Override designation' })).toBeNull();
  });

  it('overrides with a reason the contract accepts, then shows the new designation and history', async () => {
    const { handlers, puts } = costServer(sectionCost({ mayOverride: true }));
    renderResearch('/research/section/7', {
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM'],
      handlers,
    });
    const user = userEvent.setup();
    await user.click(
      await within(await panel()).findByRole('button', { name: 'Override designation' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Override designation' });
    // No "clear" while there is no override to clear.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['ZTC', 'LTC', 'NONE']);
    await user.click(within(dialog).getByRole('radio', { name: 'Low textbook cost (LTC)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Reason is required: say why.',
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.click(reason);
    await user.paste('x'.repeat(MAX_DESIGNATION_REASON_LENGTH + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Reason must be at most ${MAX_DESIGNATION_REASON_LENGTH} characters.`,
    );
    expect(puts).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'Instructor lends copies');
    await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([{ sectionId: 7, designation: 'LTC', reason: 'Instructor lends copies' }]);
    const region = await panel();
    expect(
      await within(region).findByText('Set to Low textbook cost', { exact: false }),
    ).toBeVisible();
    expect(region).toHaveTextContent('Instructor lends copies');
    expect(region).toHaveTextContent('Store overrideLow textbook cost');

    // Now there is an override, the dialog offers to clear it.
    await user.click(within(region).getByRole('button', { name: 'Override designation' }));
    const again = await screen.findByRole('dialog', { name: 'Override designation' });
    await user.click(
      within(again).getByRole('radio', { name: 'No override: what its materials make it' }),
    );
    await user.type(within(again).getByRole('textbox', { name: 'Reason' }), 'Copies gone');
    await user.click(within(again).getByRole('button', { name: 'Save override' }));
    await waitFor(() =>
      expect(puts.at(-1)).toEqual({ sectionId: 7, designation: null, reason: 'Copies gone' }),
    );
    expect(await within(region).findByText('Cleared')).toBeVisible();
  });

  it('marks every other screen showing section costs stale after an override', async () => {
    const { handlers } = costServer(sectionCost({ mayOverride: true }));
    const { services } = renderResearch('/research/section/7', {
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM'],
      handlers,
    });
    // Answers other screens read before: the catalog, course detail, the reports, the dashboard.
    const client = services.queryClient;
    const shown = [
      getCourseList,
      getSectionsByDivisionAndCourse,
      getCourseCostGaps,
      getCostGaps,
      getCostReport,
      getCostDesignationShares,
      getTextbookDepartment,
    ].map((endpoint) => contractQueryKey(endpoint, {}));
    for (const key of shown) client.setQueryData(key, {});
    const user = userEvent.setup();
    await user.click(
      await within(await panel()).findByRole('button', { name: 'Override designation' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Override designation' });
    await user.click(within(dialog).getByRole('radio', { name: 'Zero textbook cost (ZTC)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Library copies');
    await user.click(within(dialog).getByRole('button', { name: 'Save override' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shown.filter((key) => !client.getQueryState(key)?.isInvalidated)).toEqual([]);
  });
});
