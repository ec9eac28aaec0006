import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdoptionHistoryItem } from '@csp/contracts';
import {
  COURSE_PATH,
  HISTORY,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

/** HISTORY's message: posted without notifying, so Cell Biology's status stays NONE. */
const [removal, asked] = HISTORY as [AdoptionHistoryItem, AdoptionHistoryItem];
const quietly = { ...asked, notifySubmitter: false };
const reply: AdoptionHistoryItem = {
  ...asked,
  id: 3,
  at: '2026-07-02T11:00:00.000Z',
  message: 'Yes, the 3rd.',
  notifySubmitter: false,
};

const options = {
  historyById: {
    101: [removal, quietly],
    102: [asked, reply],
    103: [],
    104: [removal],
  },
};

// An adoption needing a response has a card in two lists; the first is the one that asks.
const card = (name: string) => screen.getAllByRole('article', { name })[0] as HTMLElement;

describe('Course detail: what a card says of its messages', () => {
  it("counts the adoption's messages rather than saying 'No messages' beside one", async () => {
    renderCourse(COURSE_PATH, options);
    await screen.findByRole('article', { name: 'Cell Biology' });
    // Cell Biology's status is NONE (nobody waits for an answer), yet it has a message.
    await waitFor(() => expect(card('Cell Biology')).toHaveTextContent('Messages:1 message'));
    expect(card('Cell Biology')).not.toHaveTextContent('No messages');
    await waitFor(() => expect(card('Lab Notebook')).toHaveTextContent('2 messages'));
    expect(card('Lab Notebook')).toHaveTextContent('Response required');
    await waitFor(() =>
      expect(card('Open Biology Reader')).toHaveTextContent('Messages:No messages'),
    );
    // A history with changes but no message has no messages.
    await waitFor(() =>
      expect(card('No course materials required')).toHaveTextContent('Messages:No messages'),
    );
  });

  it('says the same count in the details as the thread beside it shows', async () => {
    renderCourse(`${COURSE_PATH}?viewAdoptionId=101`, options);
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    const thread = within(dialog).getByRole('region', { name: 'Messages' });
    expect(await within(thread).findByText('Is the 3rd edition still right?')).toBeVisible();
    expect(dialog).toHaveTextContent('Messages:1 message');
    expect(dialog).not.toHaveTextContent('No messages');
  });

  it('counts a message posted without notifying the submitter, on the card too', async () => {
    renderCourse(`${COURSE_PATH}?viewAdoptionId=101`, options);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Any news?');
    await user.click(within(dialog).getByRole('button', { name: 'Post message' }));
    const thread = within(dialog).getByRole('region', { name: 'Messages' });
    expect(await within(thread).findByText('Any news?')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveTextContent('Messages:2 messages'));
    const behind = screen.getByRole('article', { name: 'Cell Biology', hidden: true });
    await waitFor(() => expect(behind).toHaveTextContent('Messages:2 messages'));
    // Only the adoption it was posted on gains it.
    expect(
      screen.getByRole('article', { name: 'Open Biology Reader', hidden: true }),
    ).toHaveTextContent('Messages:No messages');
  });
});
