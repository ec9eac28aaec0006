import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COURSE_PATH,
  pinToday,
  renderWizard,
  wizardDialog,
} from '../../../test/adoption/wizard-fake-server.ts';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  sessionStorage.clear();
  pinToday();
});

/** The wizard is open and its first page has taken the focus. */
async function openedAt(name: string, heading: string) {
  const dialog = await wizardDialog(name);
  await waitFor(() => expect(within(dialog).getByRole('heading', { name: heading })).toHaveFocus());
  return dialog;
}

const START = 'How do you want to add the adoption?';

describe('Adoption wizard: where focus goes when it closes', () => {
  it('opened by a direct link, Escape puts focus on the Add adoption button, not the body', async () => {
    const { user } = renderWizard(`${COURSE_PATH}?adopt=new`);
    await openedAt('Add an adoption', START);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add adoption' })),
    );
  });

  it('opened by a direct link, Cancel also puts focus on the Add adoption button', async () => {
    const { user } = renderWizard(`${COURSE_PATH}?adopt=new`);
    const dialog = await openedAt('Add an adoption', START);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add adoption' })),
    );
  });

  it('opened by a direct link to edit an adoption, Escape puts focus on the page h1', async () => {
    // The edit wizard is opened from a card's button, which the wizard does not look for: its
    // fallback is the page's heading.
    const { user } = renderWizard(`${COURSE_PATH}?editAdoptionId=101`);
    await openedAt('Edit adoption', 'About this adoption');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('opened by the Add adoption button, Escape gives the focus back to that button', async () => {
    const { user } = renderWizard();
    const add = await screen.findByRole('button', { name: 'Add adoption' });
    await user.click(add);
    await openedAt('Add an adoption', START);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Past the moment the fallback would act: the button keeps the focus MUI gave back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(add);
  });
});
