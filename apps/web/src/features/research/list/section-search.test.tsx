import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SectionListRequest } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  answerSectionList,
  listBodies,
  renderResearch,
  screenWidth,
  sectionRow,
} from '../../../test/research/research-fake-server.ts';

const ROWS = [
  sectionRow(1, { departmentCode: 'BIO', courseCode: '100', courseName: 'Bio Basics' }),
  sectionRow(2, { departmentCode: 'BIOL', courseCode: '101', courseName: 'General Biology' }),
  sectionRow(3, { departmentCode: 'CHEM', courseCode: '110', courseName: 'Chemistry' }),
];
const field = () =>
  screen.findByRole('searchbox', { name: /Search course code/ }, { timeout: 10_000 });

beforeEach(() => screenWidth(1280));

describe('Section research: searching as one types', { timeout: 30_000 }, () => {
  it('sends one request when typing pauses, not one per key, and keeps the search in the URL', async () => {
    const { calls, router } = renderResearch('/research', {
      handlers: {
        [`POST ${BASE}/sectionList`]: (req) =>
          json(200, answerSectionList(req.body as SectionListRequest, ROWS)),
      },
    });
    const user = userEvent.setup();
    await user.type(await field(), 'CHEM');
    await screen.findByRole('link', { name: 'CHEM 110 – S03' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /BIOL 101/ })).toBeNull());
    const searched = listBodies(calls).map((b) => b.searchString);
    expect(searched).toEqual([undefined, 'CHEM']);
    expect(router.state.location.search).toBe('?q=CHEM');
  });

  it('never lets an older, slower answer replace a newer one; the older request is aborted', async () => {
    let answerSlow: (() => void) | undefined;
    const { calls, fetchMock } = renderResearch('/research', {
      handlers: {
        [`POST ${BASE}/sectionList`]: (req) => {
          const body = req.body as SectionListRequest;
          const answer = () => json(200, answerSectionList(body, ROWS));
          // "BIO" is slow: it answers only after "BIOL" has.
          if (body.searchString === 'BIO')
            return new Promise<Response>((resolve) => (answerSlow = () => resolve(answer())));
          return answer();
        },
      },
    });
    const user = userEvent.setup();
    const input = await field();
    await screen.findByRole('link', { name: 'CHEM 110 – S03' });
    await user.type(input, 'BIO');
    await waitFor(() => expect(answerSlow).toBeDefined());
    await user.type(input, 'L');
    await waitFor(() => expect(listBodies(calls).at(-1)?.searchString).toBe('BIOL'));
    await screen.findByText('1 section found');
    expect(screen.getByRole('link', { name: 'BIOL 101 – S02' })).toBeVisible();

    // The request for "BIO" was cancelled when "BIOL" replaced it ...
    const index = listBodies(calls).findIndex((b) => b.searchString === 'BIO');
    const postCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith(`${BASE}/sectionList`),
    );
    expect((postCalls[index]?.[1]?.signal as AbortSignal).aborted).toBe(true);
    // ... and its answer, arriving late, changes nothing on screen.
    answerSlow?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('1 section found')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'BIO 100 – S01' })).toBeNull();
  });
});
