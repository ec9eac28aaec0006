import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LTI_LANDING_MESSAGES as M, tieLtiCourse } from '@csp/contracts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import {
  FakeMyCoursesServer,
  renderMyCourses,
} from '../../../test/adoption/my-courses-fake-server.ts';

const PICK = 'pick_abcdefghijklmnopqrstuvwxyz012345';

/** My courses with the course picker's tie: a code spent once, for the caller's sections. */
class FakeLtiCoursesServer extends FakeMyCoursesServer {
  tied: { pickCode: string; sectionId: number }[] = [];

  override handlers() {
    return {
      ...super.handlers(),
      [`POST ${tieLtiCourse.path}`]: (r: StubRequest) => {
        const body = r.body as { pickCode: string; sectionId: number };
        if (this.tied.length > 0) return json(409, { message: M.pickUsed, field: 'pickCode' });
        this.tied.push(body);
        return json(200, { sectionId: body.sectionId });
      },
    };
  }
}

const articles = () => screen.getAllByRole('article');

// Issue 33 point 5: an instructor's launch lands on their course, one click from adopting.
describe('My courses, landed on from the learning platform', () => {
  it('shows the launched course first, marked, with its heading focused', async () => {
    renderMyCourses(new FakeLtiCoursesServer(), { path: '/my-courses?ltiSection=201' });
    const chem = await screen.findByRole('article', { name: /CHEM 110/ });
    expect(articles()[0]).toBe(chem);
    expect(within(chem).getByText(M.fromCourseSite)).toBeVisible();
    const heading = within(chem).getByRole('heading', { level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(chem).getByRole('listitem', { current: true })).toHaveTextContent(
      'Section 010 · Spring 2027',
    );
    // The other course is not marked.
    expect(within(articles()[1]!).queryByText(M.fromCourseSite)).not.toBeInTheDocument();
  });

  it('puts "Adopt the same as last time" one step after the focused heading', async () => {
    renderMyCourses(new FakeLtiCoursesServer(), { path: '/my-courses?ltiSection=103' });
    const bio = await screen.findByRole('article', { name: /BIO 101/ });
    await waitFor(() => expect(within(bio).getByRole('heading', { level: 2 })).toHaveFocus());
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(within(bio).getByRole('button', { name: /Adopt the same as last time/ })).toHaveFocus();
  });

  it('asks which course the launch came from, ties the chosen section and then marks it', async () => {
    const server = new FakeLtiCoursesServer();
    const { router, calls } = renderMyCourses(server, { path: `/my-courses?ltiPick=${PICK}` });
    const user = userEvent.setup();
    expect(await screen.findByText(M.pickBanner)).toBeVisible();
    const chem = await screen.findByRole('article', { name: /CHEM 110/ });
    expect(screen.getAllByRole('button', { name: /^This is my course/ })).toHaveLength(4);
    await user.click(
      within(chem).getByRole('button', {
        name: 'This is my course: CHEM 110 Section 010 · Spring 2027',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?ltiSection=201'));
    expect(calls.find((c) => c.url.pathname === tieLtiCourse.path)?.body).toEqual({
      pickCode: PICK,
      sectionId: 201,
    });
    await waitFor(() => expect(screen.queryByText(M.pickBanner)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^This is my course/ })).not.toBeInTheDocument();
    const marked = screen.getByRole('article', { name: /CHEM 110/ });
    expect(articles()[0]).toBe(marked);
    expect(within(marked).getByText(M.fromCourseSite)).toBeVisible();
  });

  it('says why a spent code was refused, ends the choice and drops the code from the address', async () => {
    const server = new FakeLtiCoursesServer();
    server.tied.push({ pickCode: PICK, sectionId: 1 });
    const { router } = renderMyCourses(server, { path: `/my-courses?ltiPick=${PICK}` });
    const user = userEvent.setup();
    const bio = await screen.findByRole('article', { name: /BIO 101/ });
    await user.click(within(bio).getAllByRole('button', { name: /^This is my course/ })[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent(M.pickUsed);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByText(M.pickBanner)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^This is my course/ })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(M.pickUsed);
  });
});
