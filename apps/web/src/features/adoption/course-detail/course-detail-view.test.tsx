import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActionName } from '@csp/contracts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  COURSE_PATH,
  callsTo,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

async function openAdoption(id: number, courseActions?: ActionName[]) {
  const view = renderCourse(`${COURSE_PATH}?viewAdoptionId=${id}`, { courseActions });
  const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
  await within(dialog).findByRole('region', { name: 'History' });
  return { ...view, dialog, user: userEvent.setup() };
}

describe('Course detail: viewing an adoption', () => {
  it('opens from View details and puts ?viewAdoptionId= in the URL', async () => {
    const view = renderCourse();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Cell Biology' });
    await user.click(within(card).getByRole('button', { name: /^View details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    expect(view.router.state.location.search).toBe('?viewAdoptionId=101');
    expect(within(dialog).getByRole('heading', { name: 'Cell Biology' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.search).toBe('');
    // Focus goes back to the button that opened it.
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /^View details/ })).toHaveFocus(),
    );
  });

  it('opens straight from a link, with full details, the history and the thread', async () => {
    const { dialog, calls } = await openAdoption(101);
    // Each card asks for its own adoption's history (its message count) too.
    expect(
      callsTo(calls, 'GET', 'getAdoptionMaterialHistoryItems').map((c) =>
        c.url.searchParams.get('adoptionMaterialId'),
      ),
    ).toContain('101');
    expect(dialog).toHaveTextContent('0944900542');
    expect(dialog).toHaveTextContent('Estimated enrollment40');
    const history = within(dialog).getByRole('region', { name: 'History' });
    // Who, when, what, and before -> after, with the section named as staff know it.
    const removal = await within(history).findByText('Removed from a section');
    const entry = removal.closest('li') as HTMLElement;
    expect(entry).toHaveTextContent('Casey Materials (cma@demo-university.edu)');
    expect(entry).toHaveTextContent(/07\/01\/2026/);
    expect(entry).toHaveTextContent('Section A1 (Spring 2027): on the section → removed');
    const thread = within(dialog).getByRole('region', { name: 'Messages' });
    expect(thread).toHaveTextContent('Is the 3rd edition still right?');
    expect(thread).toHaveTextContent('The submitter was e-mailed and asked to respond.');
    expect(thread).toHaveTextContent('Copied to dean@demo-university.edu');
    // Messages are the thread's, not repeated in the history.
    expect(history).not.toHaveTextContent('Is the 3rd edition still right?');
  });

  it('opens an ended adoption from the previous adoptions by its id too', async () => {
    const { dialog } = await openAdoption(90);
    expect(
      within(dialog).getByRole('heading', { name: 'Cell Biology, 2nd edition' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('This adoption has ended.');
    expect(within(dialog).queryByRole('form', { name: 'Post a message' })).not.toBeInTheDocument();
  });

  it('says so when the id in the link is not an adoption of this course', async () => {
    renderCourse(`${COURSE_PATH}?viewAdoptionId=999`);
    expect(
      await screen.findByText(
        'Adoption 999 is not an adoption of this course, or it has been removed.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Course detail: posting a message', () => {
  it('needs a message and real e-mail addresses before it posts', async () => {
    const { dialog, user, calls } = await openAdoption(101);
    await user.click(within(dialog).getByRole('button', { name: 'Post message' }));
    expect(await within(dialog).findByText('Enter a message.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Please confirm.');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Copy to/ }),
      'dean@demo-university.edu, not-an-address',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Post message' }));
    expect(
      await within(dialog).findByText('Not an e-mail address: not-an-address'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', 'material/postAdoptionMaterialMessage')).toHaveLength(0);
  });

  it('posts the message, notifying the submitter and copying others, then shows it', async () => {
    const { dialog, user, calls } = await openAdoption(101);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Message/ }),
      '  Which edition?  ',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /Copy to/ }),
      'dean@demo-university.edu; chair@demo-university.edu',
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Notify the submitter, Sam Submitter,/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Post message' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'material/postAdoptionMaterialMessage')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', 'material/postAdoptionMaterialMessage')[0]?.body).toEqual({
      adoptionMaterialId: 101,
      notifySubmitter: true,
      ccEmailList: ['dean@demo-university.edu', 'chair@demo-university.edu'],
      message: 'Which edition?',
    });
    expect(await screen.findByText(M.messagePostedNotified)).toBeInTheDocument();
    const thread = within(dialog).getByRole('region', { name: 'Messages' });
    expect(await within(thread).findByText('Which edition?')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    // The adoption now waits for the submitter: it moves to the list needing a response.
    const needing = screen.getByRole('region', { name: /Needing a response/, hidden: true });
    await waitFor(() =>
      expect(
        within(needing).getByRole('article', { name: 'Cell Biology', hidden: true }),
      ).toBeInTheDocument(),
    );
  });

  it('says why, and offers no post form, on an adoption of sections the caller does not adopt for', async () => {
    const refusal =
      'This adoption is only for sections you do not adopt for: its history and messages are for those who do.';
    const view = renderCourse(`${COURSE_PATH}?viewAdoptionId=101`, {
      handlers: {
        [`GET ${BASE}/getAdoptionMaterialHistoryItems`]: () =>
          json(403, { message: refusal, field: 'adoptionMaterialId' }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    const thread = within(dialog).getByRole('region', { name: 'Messages' });
    expect(await within(thread).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Post message' })).not.toBeInTheDocument();
    expect(callsTo(view.calls, 'POST', 'postAdoptionMaterialMessage')).toHaveLength(0);
  });

  it('offers no post form to someone who may not adopt here', async () => {
    const { dialog } = await openAdoption(101, ['VIEW_SECTION']);
    expect(within(dialog).queryByRole('button', { name: 'Post message' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Messages' })).toHaveTextContent(
      'Is the 3rd edition still right?',
    );
  });
});
