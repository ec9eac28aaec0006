import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '@csp/contracts';
import {
  FakeCampaignServer,
  UNSUBSCRIBE_API,
  renderUnsubscribe,
} from '../../../test/campaigns/campaign-fake-server.ts';
import { callsTo } from '../../../test/campaigns/deadlines-fake-server.ts';

const QUESTION = 'Stop e-mails about Fall 2026 course materials to ada.lovelace@example.edu?';
const DONE = 'You will get no more e-mails of this campaign from Springfield University Bookstore.';

describe('Campaign unsubscribe link', () => {
  it('only asks when opened, and unsubscribes on the button', async () => {
    const server = new FakeCampaignServer();
    const { calls } = renderUnsubscribe(server);
    expect(await screen.findByText(QUESTION)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    // A mail scanner opening the link changes nothing.
    expect(callsTo(calls, 'POST', UNSUBSCRIBE_API)).toHaveLength(0);
    expect(server.unsubscribed).toBe(false);
    // Signed out: the page is shown without the app's navigation.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
    expect(callsTo(calls, 'POST', UNSUBSCRIBE_API).map((c) => c.body)).toEqual([
      { token: 'tok_abcdefghijklmnopqrstuvwxyz' },
    ]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says so at once when the link has already unsubscribed', async () => {
    const server = new FakeCampaignServer();
    server.unsubscribed = true;
    const { calls } = renderUnsubscribe(server);
    expect(await screen.findByText(DONE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', UNSUBSCRIBE_API)).toHaveLength(0);
  });

  it('says a link it does not know is not one we sent', async () => {
    renderUnsubscribe(new FakeCampaignServer(), 'tok_zzzzzzzzzzzzzzzzzzzzzzzzzz');
    expect(await screen.findByText(CAMPAIGN_MESSAGES.linkNotFound)).toBeVisible();
  });

  it('asks nothing of the server for a malformed link', async () => {
    const { calls } = renderUnsubscribe(new FakeCampaignServer(), 'short');
    expect(await screen.findByText(CAMPAIGN_MESSAGES.linkNotFound)).toBeVisible();
    expect(callsTo(calls, 'GET', UNSUBSCRIBE_API)).toHaveLength(0);
  });
});
