import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyRolloverProposal } from '@csp/contracts';
import { storePasswordLogin } from '../../../lib/credential-storage.ts';
import { json } from '../../../test/fetch-stub.ts';
import { sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { FakeMyCoursesServer } from '../../../test/adoption/my-courses-fake-server.ts';

const CONFIRM_PATH = '/app-rest/adoption/v1/7/myCourses/confirmRollover';

const PROPOSAL: MyRolloverProposal = {
  adoptionMaterialId: 990,
  termName: 'Fall 2026',
  fromTermName: 'Fall 2025',
  sectionCodes: ['001', '003'],
  material: {
    adoptionMaterialId: 990,
    title: 'Cells and Their Parts',
    isbn: '978-0-306-40615-7',
    author: 'Test Author',
    edition: '3',
    required: true,
    noTextRequired: false,
    proposed: false,
    changes: [{ kind: 'OUT_OF_PRINT', message: 'The publisher marks it out of print.' }],
  },
};

describe('My courses: the store’s rollover proposals', () => {
  it('lists them with their changes, confirms one, and links to the course page to change it', async () => {
    const server = new FakeMyCoursesServer();
    server.courses[0]!.proposals = [structuredClone(PROPOSAL)];
    const confirmed: unknown[] = [];
    storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
    renderApp('/my-courses', {
      session: sessionResponse({ actions: ['ADOPT_INSTRUCTOR'] }),
      handlers: {
        ...server.handlers(),
        [`POST ${CONFIRM_PATH}`]: (request) => {
          confirmed.push(request.body);
          server.courses[0]!.proposals = [];
          return json(200, { confirmed: [990] });
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Proposed by the store from Fall 2025')).toBeVisible();
    const card = screen.getByRole('article', { name: /BIO 101/ });
    expect(within(card).getByText(/Required · Fall 2026 · Sections 001, 003/)).toBeVisible();
    // Beside the previous term's own notes (a newer edition of Cells).
    expect(
      within(card)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toContain('Out of print: The publisher marks it out of print.');
    expect(
      within(card).getByRole('link', { name: 'Change on the course page: BIO 101' }),
    ).toHaveAttribute('href', '/adopt/course/1/BIO/101');
    await user.click(
      within(card).getByRole('button', {
        name: 'Confirm Cells and Their Parts for Fall 2026, sections 001, 003',
      }),
    );
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Confirmed Cells and Their Parts.',
    );
    expect(confirmed).toEqual([{ adoptionMaterialIds: [990] }]);
    expect(
      within(card).queryByText('Proposed by the store from Fall 2025'),
    ).not.toBeInTheDocument();
  });
});
