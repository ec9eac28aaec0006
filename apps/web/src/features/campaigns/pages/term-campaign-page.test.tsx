import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_STEPS, type CampaignStep } from '@csp/contracts';
import {
  CAMPAIGN_PATH,
  EXCLUSIONS_PATH,
  FakeCampaignServer,
  renderCampaign,
} from '../../../test/campaigns/campaign-fake-server.ts';
import { callsTo } from '../../../test/campaigns/deadlines-fake-server.ts';

const stepsList = () => screen.getByRole('list', { name: 'Steps to send' });
const sentList = () => screen.getByRole('list', { name: 'Steps sent' });
const daysField = (n: number) =>
  screen.getByRole('spinbutton', { name: `Days from the deadline, step ${n}` });

async function openPage(server = new FakeCampaignServer()) {
  const view = renderCampaign(server);
  await screen.findByRole('heading', { level: 1, name: 'Adoption campaign: Fall 2026' });
  return { ...view, server, user: userEvent.setup() };
}

const SENT_STEP: CampaignStep = {
  kind: 'REMINDER',
  daysFromDeadline: -42,
  day: '2099-07-21',
  state: 'SENT',
  recipients: 14,
  sent: 12,
  toSend: 0,
  notSent: 2,
};

function scheduledServer() {
  const server = new FakeCampaignServer();
  server.scheduled = true;
  server.sentSteps = [SENT_STEP];
  server.steps = DEFAULT_CAMPAIGN_STEPS.slice(1);
  server.emailsSent = 12;
  return server;
}

describe('Adoption campaign', () => {
  it('offers the default steps, each with its day, and schedules them as they are', async () => {
    const { user, calls } = await openPage();
    expect(
      screen.getByText(/Main Campus · Adoptions due by 09\/01\/2099 · E-mails sent: 0/),
    ).toBeVisible();
    expect(within(stepsList()).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('combobox', { name: 'Step 1' })).toHaveValue('REMINDER');
    expect(screen.getByRole('combobox', { name: 'Step 4' })).toHaveValue('DIGEST');
    expect(daysField(1)).toHaveValue(-42);
    expect(daysField(1)).toHaveAccessibleDescription('07/21/2099 · 42 days before the deadline');
    expect(daysField(3)).toHaveAccessibleDescription('09/01/2099 · on the day of the deadline');
    expect(daysField(4)).toHaveAccessibleDescription('09/02/2099 · 1 day after the deadline');
    // Nothing scheduled yet, so nothing to stop; people may already be left out.
    expect(await screen.findByRole('button', { name: 'Leave out Ada Lovelace' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Stop campaign' })).not.toBeInTheDocument();
    for (const control of document.querySelectorAll('main input, main button, main select')) {
      expect(control).toHaveAccessibleName();
    }

    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    expect(await screen.findByText('Schedule saved.')).toBeVisible();
    expect(callsTo(calls, 'PUT', CAMPAIGN_PATH).map((c) => c.body)).toEqual([
      { steps: DEFAULT_CAMPAIGN_STEPS },
    ]);
    expect(screen.getByRole('button', { name: 'Save schedule' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Stop campaign' })).toBeVisible();
  });

  it('edits, adds and removes steps before saving them', async () => {
    const { user, calls } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step 1' }), 'DIGEST');
    await user.clear(daysField(1));
    await user.type(daysField(1), '-10');
    expect(daysField(1)).toHaveAccessibleDescription('08/22/2099 · 10 days before the deadline');
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    expect(daysField(5)).toHaveValue(14);
    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    await screen.findByText('Schedule saved.');
    expect(callsTo(calls, 'PUT', CAMPAIGN_PATH)[0]?.body).toEqual({
      steps: [
        { kind: 'DIGEST', daysFromDeadline: -10 },
        { kind: 'REMINDER', daysFromDeadline: 0 },
        { kind: 'DIGEST', daysFromDeadline: 1 },
        { kind: 'REMINDER', daysFromDeadline: 7 },
        { kind: 'REMINDER', daysFromDeadline: 14 },
      ],
    });
  });

  it('shows a server refusal naming a step’s days under that field', async () => {
    const server = new FakeCampaignServer();
    server.refuseNext = {
      status: 400,
      body: {
        message: 'steps.1.daysFromDeadline: must be at most 180 days after the deadline',
        field: 'steps.1.daysFromDeadline',
      },
    };
    const { user } = await openPage(server);
    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    const field = daysField(2);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Must be at most 180 days after the deadline'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByText('Schedule saved.')).not.toBeInTheDocument();
  });

  it('checks a step’s days before sending, and shows the mail limit’s refusal', async () => {
    const server = new FakeCampaignServer();
    const limit =
      'You have scheduled 20 adoption campaigns in the last hour. Try again in 12 minutes.';
    server.refuseNext = { status: 429, body: { message: limit } };
    const { user, calls } = await openPage(server);
    await user.clear(daysField(1));
    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    expect(await screen.findByText('must be a whole number of days')).toBeVisible();
    expect(callsTo(calls, 'PUT', CAMPAIGN_PATH)).toHaveLength(0);
    await user.type(daysField(1), '-40');
    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    expect(await screen.findByText(limit)).toBeVisible();
  });

  it('lists a sent step with its figures, read-only, and sends it along with the rest', async () => {
    const { user, calls } = await openPage(scheduledServer());
    expect(screen.getByText(/E-mails sent: 12/)).toBeVisible();
    const items = within(sentList()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Sent' })).toBeVisible();
    expect(within(stepsList()).getAllByRole('listitem')).toHaveLength(4);
    expect(items[0]).toHaveTextContent(
      'Reminder to instructors and submitters, 42 days before the deadline',
    );
    expect(items[0]).toHaveTextContent(
      '07/21/2099 · Sent · Sent 12 of 14 · 2 not sent · 0 waiting',
    );
    expect(within(items[0]!).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(daysField(1)).toHaveValue(-14);
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await screen.findByText('Schedule saved.');
    expect(callsTo(calls, 'PUT', CAMPAIGN_PATH)[0]?.body).toEqual({
      steps: DEFAULT_CAMPAIGN_STEPS,
    });
  });

  it('stops the campaign with an empty list, once confirmed', async () => {
    const { user, calls } = await openPage(scheduledServer());
    await user.click(screen.getByRole('button', { name: 'Stop campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this campaign?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Campaign stopped/)).toBeVisible();
    expect(callsTo(calls, 'PUT', CAMPAIGN_PATH)[0]?.body).toEqual({
      steps: [SENT_STEP].map(({ kind, daysFromDeadline }) => ({ kind, daysFromDeadline })),
    });
    expect(within(sentList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(stepsList()).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Stop campaign' })).not.toBeInTheDocument();
  });

  it('leaves a person out and includes them again, before scheduling too', async () => {
    const { user, calls } = await openPage();
    const people = await screen.findByRole('list', { name: 'People a reminder would e-mail' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Ada Lovelaceada.lovelace@example.edu · 2 sections'),
      expect.stringContaining('Alan Turingalan.turing@example.edu · 1 section'),
      expect.stringContaining('Grace Hoppergrace.hopper@example.edu · 3 sections'),
    ]);
    expect(screen.getByText('No one is left out.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Leave out Ada Lovelace' }));
    expect(await screen.findByRole('button', { name: 'Include Ada Lovelace' })).toBeVisible();
    const leftOut = screen.getByRole('list', { name: 'Left out' });
    expect(leftOut).toHaveTextContent('ada.lovelace@example.eduLeft out by the store · 07/20/2026');
    await user.click(
      within(leftOut).getByRole('button', { name: 'Include again ada.lovelace@example.edu' }),
    );
    expect(await screen.findByText('No one is left out.')).toBeVisible();
    expect(callsTo(calls, 'PUT', EXCLUSIONS_PATH).map((c) => c.body)).toEqual([
      { email: 'ada.lovelace@example.edu', excluded: true },
      { email: 'ada.lovelace@example.edu', excluded: false },
    ]);
  });

  it('keeps an unsubscribed person out: only they can undo it', async () => {
    const server = scheduledServer();
    server.exclusions = [
      { email: 'alan.turing@example.edu', reason: 'UNSUBSCRIBED', at: '2026-07-18T10:00:00.000Z' },
    ];
    await openPage(server);
    const leftOut = screen.getByRole('list', { name: 'Left out' });
    expect(leftOut).toHaveTextContent('alan.turing@example.eduUnsubscribed · 07/18/2026');
    expect(within(leftOut).queryByRole('button')).not.toBeInTheDocument();
  });

  it('searches the people by name or address', async () => {
    const { user } = await openPage(scheduledServer());
    await screen.findByRole('list', { name: 'People a reminder would e-mail' });
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'grace');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'People a reminder would e-mail' })).getAllByRole(
          'listitem',
        ),
      ).toHaveLength(1),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'zzz');
    expect(await screen.findByText('No one matches “gracezzz”.')).toBeVisible();
  });

  it('asks for the deadline first when the term has none, with the way back', async () => {
    const server = new FakeCampaignServer();
    server.deadline = null;
    await openPage(server);
    expect(
      screen.getByText("Set the term's adoption deadline before scheduling its campaign."),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Set the deadline on Adoption deadlines' }),
    ).toHaveAttribute('href', '/campaigns/deadlines');
    expect(screen.queryByRole('button', { name: 'Schedule campaign' })).not.toBeInTheDocument();
  });

  it('asks again every 2 s while a step is sending, and stops once it is sent', async () => {
    const server = scheduledServer();
    server.sentSteps = [{ ...SENT_STEP, state: 'SENDING', sent: 3, toSend: 11, notSent: 0 }];
    const { calls } = await openPage(server);
    expect(screen.getByText(/Sending… · Sent 3 of 14 · 0 not sent · 11 waiting/)).toBeVisible();
    server.sentSteps = [SENT_STEP];
    expect(
      await screen.findByText(
        /Sent · Sent 12 of 14 · 2 not sent · 0 waiting/,
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    const asked = callsTo(calls, 'GET', CAMPAIGN_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsTo(calls, 'GET', CAMPAIGN_PATH)).toHaveLength(asked);
  });
});
