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

async function openCourse(courseActions?: ActionName[]) {
  const view = renderCourse(COURSE_PATH, { courseActions });
  await screen.findByRole('article', { name: 'Cell Biology' });
  return { ...view, user: userEvent.setup() };
}

// An adoption needing a response has a card in two lists; the first is the one that asks.
const card = (name: string) => screen.getAllByRole('article', { name })[0] as HTMLElement;
const button = (within_: HTMLElement, name: RegExp) =>
  within(within_).queryByRole('button', { name });

describe('Course detail: only the buttons the caller may use', () => {
  it('gives the course materials team every button', async () => {
    await openCourse(['ADOPT_CMA_TEAM', 'VIEW_SECTION']);
    expect(
      screen.getByRole('button', { name: 'Send future adoptions e-mail' }),
    ).toBeInTheDocument();
    const cell = card('Cell Biology');
    expect(button(cell, /^View details/)).toBeInTheDocument();
    expect(button(cell, /^Edit of/)).toBeInTheDocument();
    expect(button(cell, /^Remove from section/)).toBeInTheDocument();
    expect(button(card('Open Biology Reader'), /^Remove course adoption/)).toBeInTheDocument();
  });

  it('gives an instructor adopt buttons but not the course-wide ones', async () => {
    await openCourse(['ADOPT_INSTRUCTOR']);
    expect(
      screen.queryByRole('button', { name: 'Send future adoptions e-mail' }),
    ).not.toBeInTheDocument();
    expect(button(card('Cell Biology'), /^Edit of/)).toBeInTheDocument();
    expect(button(card('Open Biology Reader'), /^Remove course adoption/)).not.toBeInTheDocument();
  });

  it('gives someone who may only view sections no adopt buttons at all', async () => {
    await openCourse(['VIEW_SECTION']);
    expect(screen.queryByRole('button', { name: /^(Edit|Remove)/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Send future adoptions e-mail' }),
    ).not.toBeInTheDocument();
    expect(button(card('Cell Biology'), /^View details/)).toBeInTheDocument();
  });

  it('names the adoption in each repeated button, for screen readers', async () => {
    await openCourse();
    expect(
      screen.getByRole('button', { name: 'Remove from section of Cell Biology' }),
    ).toBeInTheDocument();
  });
});

describe('Course detail: removing an adoption from a section', () => {
  it('asks which section and removes nothing until confirmed', async () => {
    const { user, calls } = await openCourse();
    await user.click(
      within(card('Cell Biology')).getByRole('button', { name: /^Remove from section/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from a section?' });
    // Two sections: none chosen for the user.
    expect(within(dialog).getByRole('radio', { name: /A2 \(Fall 2026\)/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Remove from section' }));
    // Said at once (an alert), and tied to the choice it is about.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.chooseSection);
    expect(within(dialog).getByRole('radiogroup')).toHaveAccessibleDescription(M.chooseSection);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', 'material/removeAdoptionFromSection')).toHaveLength(0);
  });

  it('removes it from the chosen section, says so, and shows the change', async () => {
    const { user, calls } = await openCourse();
    await user.click(
      within(card('Cell Biology')).getByRole('button', { name: /^Remove from section/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from a section?' });
    await user.click(within(dialog).getByRole('radio', { name: /A1 \(Spring 2027\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove from A1' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'material/removeAdoptionFromSection')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', 'material/removeAdoptionFromSection')[0]?.body).toEqual({
      adoptionMaterialId: 101,
      sectionId: 13,
      remove: true,
    });
    expect(
      await screen.findByText('Removed “Cell Biology” from section A1 (Spring 2027).'),
    ).toBeInTheDocument();
    await waitFor(() => expect(card('Cell Biology')).not.toHaveTextContent('A1 (Spring 2027)'));
    expect(card('Cell Biology')).toHaveTextContent('A2 (Fall 2026)');
  });

  it('asks no choice when the adoption is on one section', async () => {
    const { user, calls } = await openCourse();
    await user.click(
      within(card('Lab Notebook')).getByRole('button', { name: /^Remove from section/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from a section?' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Remove “Lab Notebook” from section A2 (Fall 2026)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from A2' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'material/removeAdoptionFromSection')[0]?.body).toEqual({
        adoptionMaterialId: 102,
        sectionId: 12,
        remove: true,
      }),
    );
  });
});

describe('Course detail: ending a course adoption of a proposed title', () => {
  it('asks first, then ends it and takes it off the list', async () => {
    const { user, calls } = await openCourse();
    await user.click(
      within(card('Open Biology Reader')).getByRole('button', { name: /^Remove course adoption/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove the course adoption?' });
    expect(callsTo(calls, 'POST', 'material/removeProposedTitleAutoAdoption')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove course adoption' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'material/removeProposedTitleAutoAdoption')[0]?.body).toEqual({
        adoptionMaterialId: 103,
      }),
    );
    expect(
      await screen.findByText('Removed the course adoption of “Open Biology Reader”.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Open Biology Reader' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('Course detail: the future adoptions e-mail', () => {
  it('sends it for the course after a yes and names who got it', async () => {
    const { user, calls } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Send future adoptions e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the future adoptions e-mail?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', 'sendFutureAdoptionsEmail')[0]?.body).toEqual({
        divisionId: 1,
        departmentCode: 'BIOL',
        courseCode: '101',
      }),
    );
    expect(
      await screen.findByText(
        'E-mailed 3 future adoptions to sam@demo-university.edu and ida@demo-university.edu.',
      ),
    ).toBeInTheDocument();
  });

  it("passes on the server's word when there is nothing to send", async () => {
    const nothing =
      'This course has no adoptions on sections that start in the future, so there is nothing to send.';
    renderCourse(COURSE_PATH, {
      handlers: {
        [`POST ${BASE}/sendFutureAdoptionsEmail`]: () => json(409, { message: nothing }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send future adoptions e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the future adoptions e-mail?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText(nothing)).toBeInTheDocument();
  });
});

describe('Course detail: editing', () => {
  it('opens the adoption wizard in edit mode at ?editAdoptionId=, on its questions', async () => {
    const { user, router } = await openCourse();
    await user.click(within(card('Cell Biology')).getByRole('button', { name: /^Edit of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit adoption' });
    expect(
      await within(dialog).findByRole('heading', { name: 'About this adoption' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?editAdoptionId=101&wizardPage=questions');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});
