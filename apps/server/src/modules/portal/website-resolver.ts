import type { Db } from '../../db/client.ts';
import { findWebsiteByHost, type Website } from './repository.ts';

const MAX_CACHED_HOSTS = 1000;

/**
 * Finds the website of a host search string, remembering answers (including "none") for a
 * short time so every request does not cost a query. Host headers come from clients, so the
 * cache is bounded.
 */
export class WebsiteResolver {
  private readonly cache = new Map<string, { website: Website | null; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(searchString: string): Promise<Website | null> {
    const key = searchString.trim().toLowerCase();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.website;
    const website = key ? await findWebsiteByHost(this.db, key) : null;
    if (this.cache.size >= MAX_CACHED_HOSTS) this.cache.clear();
    this.cache.set(key, { website, expiresAt: this.now() + this.ttlMs });
    return website;
  }

  /** Forget cached answers, e.g. after a website is edited. */
  clear(): void {
    this.cache.clear();
  }
}
