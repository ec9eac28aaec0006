import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../help-topics.ts';
import { HelpPage } from './help-page.tsx';

function renderHelp() {
  render(
    <MemoryRouter>
      <HelpPage />
    </MemoryRouter>,
  );
}

describe('Help', () => {
  it('says of every area still being built that it is not available yet', () => {
    renderHelp();
    for (const topic of HELP_TOPICS) {
      const section = screen.getByRole('region', { name: topic.heading });
      const notice = within(section).queryByText(/^Not available yet/);
      if (topic.available) expect(notice, topic.id).toBeNull();
      else expect(notice, topic.id).not.toBeNull();
    }
  });

  it('describes the self-service password reset the sign-in page offers', () => {
    renderHelp();
    const section = screen.getByRole('region', { name: 'Resetting a password' });
    expect(section).toHaveTextContent('a link to choose a new password arrives by e-mail');
    expect(section).not.toHaveTextContent('contact the store');
  });
});
