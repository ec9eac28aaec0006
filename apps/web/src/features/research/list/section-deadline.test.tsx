import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sectionList, type SectionListRequest, type SectionRow } from '@csp/contracts';
import { answer } from '../../../test/fetch-stub.ts';
import { hiddenColumns } from './section-grid.tsx';
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

/** One section of each standing; the first two in a term with a deadline. */
const ROWS: SectionRow[] = [
  sectionRow(1, { adoptionDeadline: '2026-09-01', deadlineStatus: 'ON_TIME' }),
  sectionRow(2, {
    adoptionDeadline: '2026-09-01',
    deadlineStatus: 'MISSING',
    adoptionStatus: 'OUTSTANDING',
  }),
  sectionRow(3, { deadlineStatus: 'LATE' }),
  sectionRow(4, { deadlineStatus: 'OPEN', adoptionStatus: 'OUTSTANDING' }),
];

const handlers = {
  [`POST ${BASE}/sectionList`]: (req: { body: unknown }) =>
    answer(sectionList, answerSectionList(req.body as SectionListRequest, ROWS)),
};

const link = (id: number) =>
  screen.findByRole('link', { name: `BIOL 101 – S0${id}` }, { timeout: 10_000 });

describe('Section research: the deadline standing', { timeout: 30_000 }, () => {
  it('shows each row’s standing in a Deadline column, with the day when the term has one', async () => {
    screenWidth(1280);
    renderResearch('/research', { handlers });
    const cells = async (id: number) =>
      within((await link(id)).closest('[role="row"]') as HTMLElement);
    await link(1);
    expect(screen.getByRole('columnheader', { name: 'Deadline' })).toBeVisible();
    expect((await cells(1)).getByText('On time')).toBeVisible();
    expect((await cells(1)).getByText('due 09/01/2026')).toBeVisible();
    // Only "Missing" asks for work: a chip, the others plain words.
    expect((await cells(2)).getByText('Missing').closest('.MuiChip-root')).not.toBeNull();
    expect((await cells(3)).getByText('Late').closest('.MuiChip-root')).toBeNull();
    expect((await cells(3)).queryByText(/^due /)).toBeNull();
    expect((await cells(4)).getByText('Not adopted yet')).toBeVisible();
  });

  it('shows the standing on a phone’s card, labelled', async () => {
    screenWidth(360);
    renderResearch('/research', { handlers });
    const card = (await link(2)).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Deadline: Missing· due 09/01/2026');
    expect((await link(3)).closest('li')).toHaveTextContent('Deadline: Late');
  });

  it('filters by a standing: sent as deadlineStatus, kept in the URL, cleared with the rest', async () => {
    screenWidth(1280);
    const { router, calls } = renderResearch('/research', { handlers });
    await link(1);
    const user = userEvent.setup();
    expect(select('Deadline')).toHaveValue('');
    expect(
      within(select('Deadline'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'On time', 'Late', 'Missing', 'Not adopted yet']);

    await user.selectOptions(select('Deadline'), 'Missing');
    await waitFor(() => expect(params(router.state.location)).toEqual({ deadline: 'MISSING' }));
    await waitFor(() => expect(lastListBody(calls)).toMatchObject({ deadlineStatus: 'MISSING' }));
    expect(await screen.findByText('1 section found')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'BIOL 101 – S01' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(select('Deadline')).toHaveValue('');
    await waitFor(() => expect(lastListBody(calls)).not.toHaveProperty('deadlineStatus'));
  });

  it('reads the standing back from a shared link', async () => {
    screenWidth(1280);
    const { calls } = renderResearch('/research?deadline=LATE&status=ADOPTED', { handlers });
    await link(3);
    expect(select('Deadline')).toHaveValue('LATE');
    expect(lastListBody(calls)).toMatchObject({
      adoptionStatus: 'ADOPTED',
      deadlineStatus: 'LATE',
    });
  });
});

describe('the Deadline column, only where deadlines are set', () => {
  it('stays out, and every spec column stays in, while no term of the page has a deadline', () => {
    expect(hiddenColumns('medium', false)).toEqual({
      termName: false,
      endDate: false,
      deadlineStatus: false,
    });
    // With deadlines the column joins and the adoptions count makes room at 1200-1535 px.
    expect(hiddenColumns('medium', true)).toMatchObject({ listingCount: false });
    expect(hiddenColumns('medium', true)).not.toHaveProperty('deadlineStatus');
  });
});
