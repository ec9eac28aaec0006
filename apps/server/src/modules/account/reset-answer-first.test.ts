import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_MESSAGES, requestPasswordReset } from '@csp/contracts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';

const engines = await testEngines();

/** Background work that waits until the test lets it run. */
class HeldTasks extends BackgroundTasks {
  private held: (() => void)[] = [];

  override run(name: string, work: () => Promise<void>): void {
    super.run(name, () => new Promise<void>((resolve) => this.held.push(resolve)).then(work));
  }

  get waiting(): number {
    return this.held.length;
  }

  release(): void {
    this.held.splice(0).forEach((go) => go());
  }
}

/**
 * The reset request answers before any work that depends on whether the account exists, so
 * its response time cannot tell an attacker which addresses have accounts.
 */
describe.each(engines)('a reset request answers first (%s)', (engine) => {
  let ctx: TestContext;
  const tasks = new HeldTasks(console);
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(engine, {
      background: tasks,
      mailer: { send: async (m: MailMessage) => void sent.push(m) },
    });
  });
  afterAll(async () => {
    tasks.release();
    await ctx?.close();
  });

  it('answers known and unknown addresses before looking either up', async () => {
    const account = ctx.fixture.accounts.submitterUnscoped;
    const ask = (email: string) =>
      ctx.app.inject({
        method: requestPasswordReset.method,
        url: requestPasswordReset.path,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { email, resetUrl: `http://${FIXTURE_HOSTS.a}/reset-password?token={token}` },
      });
    const known = await ask(account.userName);
    const unknown = await ask('nobody-at-all@store-a.test');
    expect(known.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());

    // Both answered while their work was still waiting: no token issued, nothing mailed.
    expect(tasks.waiting).toBe(2);
    const tokens = () =>
      ctx.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.accountId, account.id));
    expect(await tokens()).toHaveLength(0);
    expect(sent).toHaveLength(0);

    tasks.release();
    await tasks.drain();
    expect(await tokens()).toHaveLength(1);
    expect(sent.map((m) => m.to)).toEqual([account.userName]);
  });
});
