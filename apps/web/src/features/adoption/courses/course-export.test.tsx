import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';
import {
  callsTo,
  lastListBody,
  renderCourseList,
  screenWidth,
} from '../../../test/adoption/courses-fake-server.ts';

const ROWS_42_TO_PAT =
  'The catalog export was e-mailed to pat@example.edu. It has 42 rows: a row per section and adopted material.';

const FILTERED = '/adopt?division=1&department=BIOL&action=NEEDS_ADOPTION&to=2026-12-31&page=1';

async function openExport(choice: string) {
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'BIOL 101' });
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: choice }));
  return user;
}

beforeEach(() => screenWidth(1280));

describe('Course list: export', { timeout: 20_000 }, () => {
  it('downloads the filtered list as the server names the workbook', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:catalog';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });

    const { calls } = renderCourseList(FILTERED);
    await openExport('Download (.xlsx)');

    expect(await screen.findByText('Downloaded course-catalog-2026-05-01.xlsx.')).toBeVisible();
    const [call] = callsTo(calls, 'POST', 'exportCatalog');
    expect(call?.url.search).toBe('');
    expect(call?.headers.get('Auth-Token')).toBe('token-1');
    // The export's body is the list's: the same filters, over every page.
    expect(call?.body).toEqual(lastListBody(calls));
    expect(call?.body).toMatchObject({
      divisionId: 1,
      departmentCode: 'BIOL',
      actionType: 'NEEDS_ADOPTION',
      sectionEndDate: '2026-12-31',
    });
    expect(saved).toEqual([{ href: 'blob:catalog', download: 'course-catalog-2026-05-01.xlsx' }]);
    expect(await created[0]?.text()).toMatch(/^PK/);
  });

  it('e-mails the export to the signed-in user and says where it went', async () => {
    const { calls } = renderCourseList(FILTERED);
    await openExport('E-mail it to me');
    // The count is the workbook's rows, not courses: its unit is said.
    expect(await screen.findByText(ROWS_42_TO_PAT)).toBeVisible();
    const [call] = callsTo(calls, 'POST', 'exportCatalog');
    expect(call?.url.searchParams.get('email')).toBe('true');
    expect(call?.body).toEqual(lastListBody(calls));
  });

  it('e-mails another address once it is a real address', async () => {
    const { calls } = renderCourseList('/adopt?q=biology');
    const user = await openExport('E-mail to another address…');
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the export' });
    const field = within(dialog).getByLabelText('E-mail address');
    await user.type(field, 'buyer@store');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(COURSE_LIST_MESSAGES.badEmail)).toBeVisible();
    // Said at once to a screen reader: focus is still on Send.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(COURSE_LIST_MESSAGES.badEmail);
    expect(callsTo(calls, 'POST', 'exportCatalog')).toHaveLength(0);

    await user.type(field, '.example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(ROWS_42_TO_PAT.replace('pat@example.edu', 'buyer@store.example.edu')),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(calls, 'POST', 'exportCatalog');
    expect(call?.url.searchParams.get('overrideEmail')).toBe('buyer@store.example.edu');
    expect(call?.body).toMatchObject({ searchString: 'biology' });
  });

  it('shows progress while the workbook builds and refuses a second export meanwhile', async () => {
    let finish: (response: Response) => void = () => undefined;
    renderCourseList('/adopt', {
      handlers: {
        'POST /app-rest/adoption/v1/7/exportCatalog': () =>
          new Promise<Response>((resolve) => (finish = resolve)),
      },
    });
    const user = await openExport('E-mail it to me');
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    // Refuses a second export, but keeps the keyboard's place (focusable, aria-disabled).
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByText('Preparing the export. This can take a minute.')).toBeInTheDocument();
    finish(json(200, { emailedTo: 'pat@example.edu', rowCount: 1 }));
    expect(
      await screen.findByText('The catalog export was e-mailed to pat@example.edu. It has 1 row.'),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('says an export already sent a minute ago as information, not as a failure', async () => {
    const sent =
      'This export was sent to pat@example.edu less than a minute ago, or is being sent: look for it in that inbox in a few minutes.';
    renderCourseList('/adopt', {
      handlers: {
        // The server's guard against the same export to the same address twice in a minute.
        'POST /app-rest/adoption/v1/7/exportCatalog': () => json(409, { message: sent }),
      },
    });
    await openExport('E-mail it to me');
    const toast = (await screen.findByText(sent)).closest('.MuiAlert-root') as HTMLElement;
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast).toHaveClass('MuiAlert-colorInfo');
    expect(toast).not.toHaveTextContent(COURSE_LIST_MESSAGES.exportFailed);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why an export failed', async () => {
    renderCourseList('/adopt', {
      handlers: {
        'POST /app-rest/adoption/v1/7/exportCatalog': () =>
          json(503, { message: 'The database is briefly unavailable. Try again in a moment.' }),
      },
    });
    await openExport('Download (.xlsx)');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(
      'The export failed: The database is briefly unavailable. Try again in a moment.',
    );
  });
});
