import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LoadedWebsite } from './load-website.ts';
import { websiteQuery } from './website-query.ts';

export interface WebsiteState extends LoadedWebsite {
  ready: boolean;
}

const LOADING: WebsiteState = { ready: false, website: null, config: null, unknownHost: false };

const WebsiteContext = createContext<WebsiteState>(LOADING);

/** Loads the website for this host once, and shares it (docs/behaviour/routes-and-guard.md#route-guard step 1). */
export function WebsiteProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(websiteQuery(window.location.host));
  const value = useMemo<WebsiteState>(() => (data ? { ready: true, ...data } : LOADING), [data]);
  return <WebsiteContext.Provider value={value}>{children}</WebsiteContext.Provider>;
}

export function useWebsite(): WebsiteState {
  return useContext(WebsiteContext);
}
