import { queryOptions } from '@tanstack/react-query';
import { loadWebsite } from './load-website.ts';

export const WEBSITE_QUERY_KEY = 'website';

export function websiteQuery(host: string) {
  return queryOptions({
    queryKey: [WEBSITE_QUERY_KEY, host],
    queryFn: () => loadWebsite(host),
    // The website of a host does not change while the page is open.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
