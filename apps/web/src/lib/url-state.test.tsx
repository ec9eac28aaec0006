import { useState } from 'react';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mergeUrlState, readUrlState, useUrlState, writeUrlState } from './url-state.ts';

// A course list as the adopt page will have it: a search text, a sort and a page.
const schema = z.object({
  q: z.string().trim().max(100),
  sort: z.enum(['code', 'name', 'start']),
  page: z.coerce.number().int().min(1),
  pending: z.stringbool(),
});
const defaults: z.output<typeof schema> = { q: '', sort: 'code', page: 1, pending: false };

const read = (search: string) => readUrlState(schema.shape, defaults, new URLSearchParams(search));

describe('readUrlState', () => {
  it('gives the defaults for an empty URL and parses typed values', () => {
    expect(read('')).toEqual(defaults);
    expect(read('q=BIO&sort=name&page=3&pending=true')).toEqual({
      q: 'BIO',
      sort: 'name',
      page: 3,
      pending: true,
    });
  });

  it('falls back per key for a hand-edited bad value and keeps the good ones', () => {
    expect(read('q=BIO&sort=price&page=-2&pending=maybe')).toEqual({ ...defaults, q: 'BIO' });
    expect(read('page=abc')).toEqual(defaults);
  });
});

describe('mergeUrlState', () => {
  const onPage3 = { ...defaults, q: 'BIO', page: 3 };

  it('goes back to the first page when a filter or the sort changes', () => {
    expect(mergeUrlState(onPage3, { q: 'CHEM' }, defaults)).toEqual({
      ...onPage3,
      q: 'CHEM',
      page: 1,
    });
    expect(mergeUrlState(onPage3, { sort: 'name' }, defaults).page).toBe(1);
  });

  it('keeps the page when only the page changes, or a filter is set to what it was', () => {
    expect(mergeUrlState(onPage3, { page: 4 }, defaults).page).toBe(4);
    expect(mergeUrlState(onPage3, { q: 'BIO' }, defaults).page).toBe(3);
    expect(mergeUrlState(onPage3, { q: 'CHEM', page: 2 }, defaults).page).toBe(2);
  });
});

describe('writeUrlState', () => {
  it('omits defaults and keeps params it does not own', () => {
    const out = writeUrlState(
      new URLSearchParams('prev=x&page=5'),
      { ...defaults, q: 'BIO' },
      defaults,
    );
    expect(out.toString()).toBe('prev=x&q=BIO');
  });
});

function inRouter(initial: string) {
  let location = '';
  function Probe() {
    const here = useLocation();
    location = here.pathname + here.search;
    return null;
  }
  const Wrapper = ({ children }: { children: ReactNode }) => {
    // Created once per test: a new router on a re-render would start again at `initial`.
    const [router] = useState(() =>
      createMemoryRouter(
        [
          {
            path: '/adopt',
            element: (
              <>
                {children}
                <Probe />
              </>
            ),
          },
        ],
        { initialEntries: [initial] },
      ),
    );
    return <RouterProvider router={router} />;
  };
  return { wrapper: Wrapper, location: () => location };
}

describe('useUrlState', () => {
  it('reads the URL and writes changes back, omitting defaults and resetting the page', () => {
    const { wrapper, location } = inRouter('/adopt?q=BIO&page=3&prev=here');
    const { result } = renderHook(() => useUrlState(schema, defaults), { wrapper });
    expect(result.current[0]).toEqual({ ...defaults, q: 'BIO', page: 3 });

    act(() => result.current[1]({ page: 4 }));
    expect(location()).toBe('/adopt?q=BIO&page=4&prev=here');

    act(() => result.current[1]({ sort: 'name' }));
    expect(result.current[0]).toEqual({ ...defaults, q: 'BIO', sort: 'name' });
    expect(location()).toBe('/adopt?q=BIO&prev=here&sort=name');

    act(() => result.current[1]({ q: '', sort: 'code' }));
    expect(location()).toBe('/adopt?prev=here');
  });

  it('writes an unset value as its default and a trimmed search as no change', () => {
    const { wrapper, location } = inRouter('/adopt?q=BIO&page=3');
    const { result } = renderHook(() => useUrlState(schema, defaults), { wrapper });
    act(() => result.current[1]({ q: 'BIO ' }));
    expect(location()).toBe('/adopt?q=BIO&page=3');
    act(() => result.current[1]({ q: undefined }));
    expect(location()).toBe('/adopt');
    expect(result.current[0]).toEqual(defaults);
  });

  it('keeps both of two changes made before the page re-renders', () => {
    const { wrapper, location } = inRouter('/adopt?prev=here');
    const { result } = renderHook(() => useUrlState(schema, defaults), { wrapper });
    const setState = result.current[1];
    // A typed search landing and a sort picked in the same moment, with no render between.
    act(() => {
      setState({ q: 'BIO' }, { replace: true });
      setState({ sort: 'name' });
    });
    expect(location()).toBe('/adopt?prev=here&q=BIO&sort=name');
    expect(result.current[0]).toEqual({ ...defaults, q: 'BIO', sort: 'name' });
  });

  it('opens a link with a bad value on the defaults instead of failing', () => {
    const { wrapper } = inRouter('/adopt?sort=%3Cscript%3E&page=0');
    const { result } = renderHook(() => useUrlState(schema, defaults), { wrapper });
    expect(result.current[0]).toEqual(defaults);
  });
});
