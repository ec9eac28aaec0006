import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RentalOutcome } from './rental-outcome.tsx';

describe('RentalOutcome', () => {
  it('is read once, from its live region: no alert inside it announces again', () => {
    render(
      <RentalOutcome
        outcome={{
          success: '1 rental returned.',
          error: null,
          failed: [
            {
              transItemId: 7,
              title: 'Cells',
              serialItemRefNum: 'DU1',
              isbn: null,
              reason: 'Already returned',
            },
          ],
        }}
      />,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('1 rental returned.');
    expect(region).toHaveTextContent('Cells (DU1): Already returned');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
