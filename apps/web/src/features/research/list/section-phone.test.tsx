import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  lastListBody,
  renderResearch,
  screenWidth,
} from '../../../test/research/research-fake-server.ts';
import { SectionSortSelect } from './section-sort-select.tsx';

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('Section research at phone width', { timeout: 30_000 }, () => {
  it('lists sections as cards with every fact, the filters folded, the pager kept', async () => {
    screenWidth(360);
    const { calls } = renderResearch();
    const link = await screen.findByRole('link', { name: 'BIOL 101 – S01' }, { timeout: 10_000 });
    expect(screen.queryByRole('grid')).toBeNull();
    const card = link.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('General Biology');
    expect(card).toHaveTextContent('Fall 2026 · 08/24/2026 – 12/12/2026');
    expect(card).toHaveTextContent('Enrolled 1 · Adoptions 2');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const user = userEvent.setup();
    await user.selectOptions(select('Sort by'), 'Enrolled');
    await waitFor(() =>
      expect(lastListBody(calls)).toMatchObject({ sortField: 'enrollmentCount' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–40 of 45')).toBeVisible();
  });
});

describe('the sort fields', () => {
  it('change only themselves, so an order picked before the new sort renders keeps that sort', async () => {
    const changes: unknown[] = [];
    // Rendered once and never again, as a page is between a change and its next render.
    render(<SectionSortSelect sort="startDate" dir="asc" onSort={(c) => changes.push(c)} />);
    const user = userEvent.setup();
    await user.selectOptions(select('Sort by'), 'Section');
    await user.selectOptions(select('Order'), 'Descending');
    expect(changes).toEqual([{ sort: 'courseCode' }, { dir: 'desc' }]);
  });
});
