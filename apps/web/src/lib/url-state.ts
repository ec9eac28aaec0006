import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters, sort and page live in the URL, so every list view is a link staff can
 * bookmark, share or reload. Only values that differ from the defaults are written, which keeps
 * links short and makes the plain path mean "the list as it first opens".
 */

type UrlValue = string | number | boolean;
type UrlShape = Record<string, z.ZodType<UrlValue>>;

/** The key that goes back to its default whenever any other value changes. */
export const PAGE_KEY = 'page';

/**
 * Reads each key on its own with its own schema (use z.coerce.number() for numbers and
 * z.stringbool() for flags, since the URL holds text): a hand-edited bad value falls back to
 * its default and the rest of the link still applies, rather than the page failing.
 */
export function readUrlState<T extends Record<string, UrlValue>>(
  shape: UrlShape,
  defaults: T,
  params: URLSearchParams,
): T {
  const state: Record<string, UrlValue> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const raw = params.get(key);
    const schema = shape[key];
    if (raw === null || !schema) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success) state[key] = parsed.data;
  }
  return state as T;
}

/**
 * Merges a change into the state. A new filter or sort changes which rows exist, so the page
 * goes back to its default; a change of the page alone keeps it.
 */
export function mergeUrlState<T extends Record<string, UrlValue>>(
  current: T,
  patch: Partial<T>,
  defaults: T,
): T {
  const next = { ...current, ...patch };
  const othersChanged = Object.keys(patch).some(
    (key) => key !== PAGE_KEY && !Object.is(patch[key], current[key]),
  );
  if (PAGE_KEY in defaults && othersChanged && !(PAGE_KEY in patch)) {
    return { ...next, [PAGE_KEY]: defaults[PAGE_KEY] };
  }
  return next;
}

/**
 * A change as the URL would give it back: `undefined` means the default, and each value goes
 * through its schema (a search typed as "BIO " is stored as "BIO"), so comparing it with the
 * state read from the URL sees no change where there is none. A value its schema refuses
 * becomes the default, as it would on reading the link.
 */
export function normaliseUrlPatch<T extends Record<string, UrlValue>>(
  shape: UrlShape,
  patch: Partial<T>,
  defaults: T,
): Partial<T> {
  const out: Record<string, UrlValue> = {};
  for (const key of Object.keys(patch)) {
    if (!(key in defaults)) continue;
    const value = patch[key];
    const fallback = defaults[key] as UrlValue;
    if (value === undefined) {
      out[key] = fallback;
      continue;
    }
    const parsed = shape[key]?.safeParse(String(value));
    out[key] = parsed?.success ? parsed.data : fallback;
  }
  return out as Partial<T>;
}

/** Writes the state over the current params; other params (such as `prev`) are left alone. */
export function writeUrlState<T extends Record<string, UrlValue>>(
  params: URLSearchParams,
  state: T,
  defaults: T,
): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of Object.keys(defaults)) {
    if (Object.is(state[key], defaults[key])) out.delete(key);
    else out.set(key, String(state[key]));
  }
  return out;
}

export interface SetUrlStateOptions {
  /** Replace the history entry (typing in a search box) instead of adding one. */
  replace?: boolean;
}

/**
 * `[state, setState]` over the URL's search params. Give `schema` and `defaults` a stable
 * identity (module constants): the state is recomputed when they or the URL change.
 */
export function useUrlState<S extends z.ZodObject<UrlShape>>(schema: S, defaults: z.output<S>) {
  const [params, setParams] = useSearchParams();
  // React Router hands a functional update the params of the last render, so a second change
  // made before the page re-renders (a filter picked as a typed search lands) would be written
  // over a URL without the first. Each write is based on the latest URL written or rendered.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const state = useMemo(
    () => readUrlState(schema.shape, defaults, params),
    [schema, defaults, params],
  );
  const setState = useCallback(
    (patch: Partial<z.output<S>>, options: SetUrlStateOptions = {}) => {
      const current = latest.current;
      const now = readUrlState(schema.shape, defaults, current);
      const change = normaliseUrlPatch(schema.shape, patch, defaults);
      const next = writeUrlState(current, mergeUrlState(now, change, defaults), defaults);
      latest.current = next;
      setParams(next, { replace: options.replace });
    },
    [schema, defaults, setParams],
  );
  return [state, setState] as const;
}
