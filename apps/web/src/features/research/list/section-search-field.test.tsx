import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESEARCH_MESSAGES } from './research-messages.ts';
import { SectionSearchField } from './section-search-field.tsx';

describe('SectionSearchField', () => {
  it('keeps what was typed when the address catches up with an older search late', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<SectionSearchField value="" onSearch={onSearch} />);
    const field = screen.getByRole('searchbox', { name: RESEARCH_MESSAGES.searchLabel });
    await user.type(field, 'bio');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('bio'));
    await user.type(field, 'l');
    // The router applies "bio" only now, after the "l" was typed.
    rerender(<SectionSearchField value="bio" onSearch={onSearch} />);
    expect(field).toHaveValue('biol');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('biol'));
  });

  it('takes a search from elsewhere (Back, Clear filters) into the field', () => {
    const { rerender } = render(<SectionSearchField value="chem" onSearch={vi.fn()} />);
    const field = screen.getByRole('searchbox', { name: RESEARCH_MESSAGES.searchLabel });
    expect(field).toHaveValue('chem');
    rerender(<SectionSearchField value="" onSearch={vi.fn()} />);
    expect(field).toHaveValue('');
  });
});
