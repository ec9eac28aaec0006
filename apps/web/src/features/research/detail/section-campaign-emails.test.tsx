import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  renderResearch,
  screenWidth,
  sectionDetail,
} from '../../../test/research/research-fake-server.ts';
import { getSectionCampaignEmails } from '@csp/contracts';

beforeEach(() => screenWidth(1280));

const detailHandlers = {
  [`GET ${BASE}/sectionDetail`]: () => json(200, sectionDetail()),
  [`GET ${BASE}/sectionDetail/materials`]: () => json(200, { materials: [] }),
};

describe('Section research: the campaign e-mails of a section', { timeout: 30_000 }, () => {
  it('lists who was e-mailed about the section, by which step, and what became of it', async () => {
    renderResearch('/research/section/7', {
      handlers: {
        ...detailHandlers,
        [`GET ${BASE}/sectionCampaignEmails`]: () =>
          answer(getSectionCampaignEmails, [
            {
              kind: 'REMINDER',
              daysFromDeadline: -14,
              email: 'ada.lovelace@example.edu',
              recipientName: 'Ada Lovelace',
              sentAt: null,
              outcome: 'LEFT_OUT',
            },
            {
              kind: 'DIGEST',
              daysFromDeadline: 1,
              email: 'chair@example.edu',
              recipientName: 'Department Chair',
              sentAt: null,
              outcome: null,
            },
          ]),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Campaign e-mails' });
    expect((await within(panel).findAllByRole('listitem')).map((li) => li.textContent)).toEqual([
      'Ada Lovelace · ada.lovelace@example.edu · Reminder, 14 days before · Not sent: left out of the campaign',
      'Department Chair · chair@example.edu · Digest, 1 day after · Waiting to be sent',
    ]);
  });

  it('says when none has named it', async () => {
    renderResearch('/research/section/7', {
      handlers: {
        ...detailHandlers,
        [`GET ${BASE}/sectionCampaignEmails`]: () => answer(getSectionCampaignEmails, []),
      },
    });
    expect(await screen.findByText('No campaign e-mail has named this section.')).toBeVisible();
  });
});
