/** docs/behaviour/constants.md: the first label tab opens after 2 s, the next ones 500 ms apart. */
export const FIRST_LABEL_TAB_DELAY_MS = 2000;
export const NEXT_LABEL_TAB_GAP_MS = 500;

/** When each of `count` tabs opens, in ms from the start (docs/behaviour/flows.md, docs/behaviour/constants.md). */
export function labelTabSchedule(count: number): number[] {
  return Array.from(
    { length: count },
    (_, i) => FIRST_LABEL_TAB_DELAY_MS + i * NEXT_LABEL_TAB_GAP_MS,
  );
}

/** Each URL once, in first-seen order (docs/behaviour/flows.md: each distinct one). */
export function distinctUrls(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((u) => u !== ''))];
}

export interface LabelTabsResult {
  /** The URLs the browser refused to open (its pop-up blocker): the screen lists them. */
  blocked: string[];
}

export interface OpenTab {
  (url: string): boolean;
}

/**
 * Opens a tab and says whether the browser allowed it. Not 'noopener' in the features: with it
 * window.open always returns null, and a blocked tab could not be told from an opened one; the
 * opener link is cut by hand instead, so the label page cannot reach back into the portal.
 */
export const openBrowserTab: OpenTab = (url) => {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
};

/**
 * Opens each distinct URL in a new tab on the docs/behaviour/constants.md#printing schedule and resolves once all have been
 * tried, with the ones that were blocked.
 */
export function openLabelTabs(
  urls: readonly string[],
  openTab: OpenTab = openBrowserTab,
): Promise<LabelTabsResult> {
  const distinct = distinctUrls(urls);
  const schedule = labelTabSchedule(distinct.length);
  const blocked: string[] = [];
  return new Promise((resolve) => {
    if (distinct.length === 0) {
      resolve({ blocked });
      return;
    }
    let done = 0;
    distinct.forEach((url, i) => {
      setTimeout(() => {
        if (!openTab(url)) blocked.push(url);
        done += 1;
        if (done === distinct.length) resolve({ blocked });
      }, schedule[i]);
    });
  });
}
