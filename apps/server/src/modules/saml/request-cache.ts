import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../../db/client.ts';
import { deleteRequest, findLiveRequest, insertRequest } from './repository.ts';

/**
 * node-saml's store of outstanding request ids (InResponseTo validation), in the database so
 * any instance can finish a sign-in another one started. Ids are scoped to one website, expire
 * after `ttlMs`, and are removed when a response consumes them.
 */
export class DbRequestCache implements CacheProvider {
  /** The `next` path stored with the request a response consumed, if any. */
  consumedNext: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly websiteId: number,
    private readonly ttlMs: number,
    private readonly now: () => Date,
    /** Stored with requests saved through this instance (the login's return path). */
    private readonly next: string | null = null,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.now();
    await insertRequest(this.db, {
      websiteId: this.websiteId,
      requestId: key,
      value,
      next: this.next,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    });
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await findLiveRequest(this.db, this.websiteId, key, this.now());
    return row?.value ?? null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const row = await deleteRequest(this.db, this.websiteId, key);
    if (row) this.consumedNext = row.next;
    return row?.value ?? null;
  }
}
