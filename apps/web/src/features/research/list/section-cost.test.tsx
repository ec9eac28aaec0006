import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sectionList, type SectionListRequest, type SectionRow } from '@csp/contracts';
import { answer } from '../../../test/fetch-stub.ts';
import {
  BASE,
  answerSectionList,
  lastListBody,
  renderResearch,
  screenWidth,
  sectionRow,
} from '../../../test/research/research-fake-server.ts';

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const params = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));

/** One section of each designation, and one whose cost is unknown. */
const ROWS: SectionRow[] = [
  sectionRow(1, { designation: 'ZTC', requiredCostLowCents: 0, requiredCostHighCents: 0 }),
  sectionRow(2, { designation: 'LTC', requiredCostLowCents: 2000, requiredCostHighCents: 3000 }),
  sectionRow(3, { designation: 'NONE', requiredCostLowCents: 8500, requiredCostHighCents: 8500 }),
  sectionRow(4, { designation: 'NONE', requiredCostLowCents: null, requiredCostHighCents: null }),
];

const handlers = {
  [`POST ${BASE}/sectionList`]: (req: { body: unknown }) =>
    answer(sectionList, answerSectionList(req.body as SectionListRequest, ROWS)),
};

const link = (id: number) =>
  screen.findByRole('link', { name: `BIOL 101 – S0${id}` }, { timeout: 10_000 });

describe('Section research: textbook cost', { timeout: 30_000 }, () => {
  it('shows each row’s designation and required cost range in a Textbook cost column', async () => {
    screenWidth(1600);
    renderResearch('/research', { handlers });
    const cell = async (id: number) =>
      within((await link(id)).closest('[role="row"]') as HTMLElement).getByText(
        (_, el) => el?.getAttribute('data-field') === 'designation',
      );
    await link(1);
    expect(screen.getByRole('columnheader', { name: 'Textbook cost' })).toBeVisible();
    expect(await cell(1)).toHaveTextContent('ZTCZero textbook cost$0.00');
    expect(await cell(2)).toHaveTextContent('LTCLow textbook cost$20.00 – $30.00');
    expect(within(await cell(2)).getByTitle('Low textbook cost')).toBeVisible();
    // None is a quiet dash (its words for screen readers); an unknown cost shows no amount.
    expect(await cell(3)).toHaveTextContent('—No cost designation$85.00');
    expect(await cell(4)).toHaveTextContent(/^—No cost designation$/);
  });

  it('puts the cost under the status where the grid has no room for its column', async () => {
    screenWidth(1280);
    renderResearch('/research', { handlers });
    const row = (await link(2)).closest('[role="row"]') as HTMLElement;
    // A sortable header's name ends with its sort button's.
    expect(screen.getByRole('columnheader', { name: /^Status · Textbook cost/ })).toBeVisible();
    expect(screen.queryByRole('columnheader', { name: 'Textbook cost' })).toBeNull();
    expect(row.querySelector('[data-field="adoptionStatus"]')).toHaveTextContent(
      'AdoptedLTCLow textbook cost$20.00 – $30.00',
    );
  });

  it('shows the cost on a phone’s card, labelled', async () => {
    screenWidth(360);
    renderResearch('/research', { handlers });
    expect((await link(2)).closest('li')).toHaveTextContent(
      'Textbook cost: LTCLow textbook cost$20.00 – $30.00',
    );
  });

  it('filters by designation: sent as costDesignation, kept in the URL, cleared with the rest', async () => {
    screenWidth(1280);
    const { router, calls } = renderResearch('/research', { handlers });
    await link(1);
    const user = userEvent.setup();
    expect(
      within(select('Textbook cost'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any',
      'Zero textbook cost (ZTC)',
      'Low textbook cost (LTC)',
      'No cost designation',
    ]);
    await user.selectOptions(select('Textbook cost'), 'Zero textbook cost (ZTC)');
    await waitFor(() => expect(params(router.state.location)).toEqual({ cost: 'ZTC' }));
    await waitFor(() => expect(lastListBody(calls)).toMatchObject({ costDesignation: 'ZTC' }));
    expect(await screen.findByText('1 section found')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'BIOL 101 – S02' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(select('Textbook cost')).toHaveValue('');
    await waitFor(() => expect(lastListBody(calls)).not.toHaveProperty('costDesignation'));
  });

  it('reads the designation back from a shared link', async () => {
    screenWidth(1280);
    const { calls } = renderResearch('/research?cost=NONE', { handlers });
    await link(3);
    expect(select('Textbook cost')).toHaveValue('NONE');
    expect(lastListBody(calls)).toMatchObject({ costDesignation: 'NONE' });
    expect(screen.queryByRole('link', { name: 'BIOL 101 – S01' })).toBeNull();
  });
});
