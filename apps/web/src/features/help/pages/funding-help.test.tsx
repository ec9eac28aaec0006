import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HelpPage } from './help-page.tsx';

describe('Help: funding', () => {
  it('describes funding management as available, and how a clerk pays an order from funding', () => {
    render(
      <MemoryRouter>
        <HelpPage />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Help topics' });
    expect(
      within(nav).getByRole('link', { name: 'Funding management and vouchers' }),
    ).toHaveAttribute('href', '#funding');
    expect(nav).not.toHaveTextContent('Funding management and vouchers (not available yet)');
    const section = screen.getByRole('region', { name: 'Funding management and vouchers' });
    expect(within(section).queryByText(/^Not available yet/)).toBeNull();
    for (const text of [
      'A funding source is one budget',
      'Each allowance has its own voucher code',
      'A balance is always the sum of its entries',
      'Student ID, Amount and Note',
      'the day-7 access report',
      'Excel (.xlsx)',
    ]) {
      expect(section).toHaveTextContent(text);
    }
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent).join(' ')).toMatch(
      /Pay from funding.*Funded and Student pays.*Refunded to funding/,
    );
  });
});
