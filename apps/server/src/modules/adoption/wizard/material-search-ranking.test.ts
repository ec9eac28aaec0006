import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMaterials, type MaterialSearchResult } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { wizardWorld, type WizardWorld } from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

/** The store's own anatomy textbooks. */
const STORE_TITLES = [
  {
    ean13: '9780134580999',
    description: 'Principles of Anatomy and Physiology',
    author: 'Tortora',
  },
  { ean13: '9780134807843', description: 'Human Anatomy & Physiology', author: 'Marieb, Hoehn' },
];

/** Anatole France's novels: by an author whose first name looks like "anatomy". */
const ANATOLE_FRANCE = ['Thaïs', 'Penguin Island', 'The Red Lily', 'The Gods Will Have Blood'];

/** The distributor's feed (goodbooks-10k): anatomy books, and books only their authors tie to it. */
const PRODUCTS = [
  { ean13: '9781402735424', description: 'Anatomy for the Artist', author: 'Jenő Barcsay' },
  {
    ean13: '9780609800140',
    description: 'Anatomy of the Spirit: The Seven Stages of Power and Healing',
    author: 'Caroline Myss',
  },
  { ean13: '9780000000019', description: 'Anatomical Sciences Workbook', author: 'Lee, Ann' },
  {
    ean13: '9780312965334',
    description: 'The Climb: Tragic Ambitions on Everest',
    author: 'Anatoli Boukreev, G. Weston DeWalt',
  },
  {
    ean13: '9780306816086',
    description: 'The Portable Atheist: Essential Readings for the Nonbeliever',
    author: 'Christopher Hitchens, Anatole France, Mark Twain',
  },
  ...ANATOLE_FRANCE.map((description, i) => ({
    ean13: `97800000001${i}0`,
    description,
    author: 'Anatole France',
  })),
];

describe.each(engines)('material search ranking (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    const locationId = ctx.fixture.locations.a;
    await ctx.db.insert(t.titles).values(STORE_TITLES.map((title) => ({ ...title, locationId })));
    await ctx.db.insert(t.externalProducts).values(PRODUCTS.map((p) => ({ ...p, source: 'test' })));
  });
  afterAll(async () => ctx?.close());

  const listed = async (searchString: string) => {
    const res = await w.call(w.who.admin, searchMaterials, { query: { searchString } });
    expect(res.statusCode).toBe(200);
    const { materials } = res.json<{ materials: MaterialSearchResult[] }>();
    return materials.map((m) => `${m.source === 'CATALOG' ? 'own' : 'feed'}: ${m.description}`);
  };

  it('lists titles with the word first, the store’s own before the feed, and at most five look-alike authors', async () => {
    expect(await listed('anatomy')).toEqual([
      'own: Human Anatomy & Physiology',
      'own: Principles of Anatomy and Physiology',
      'feed: Anatomy for the Artist',
      'feed: Anatomy of the Spirit: The Seven Stages of Power and Healing',
      // "anatomical" is a correction of the word, but in the title.
      'feed: Anatomical Sciences Workbook',
      // Only their authors' names (Anatole, Anatoli) look like "anatomy": five at most.
      'feed: Thaïs',
      'feed: The Red Lily',
      'feed: Penguin Island',
      'feed: The Gods Will Have Blood',
      'feed: The Climb: Tragic Ambitions on Everest',
    ]);
  });

  it('lists titles that start with a half-typed word before authors whose names do', async () => {
    const found = await listed('anato');
    expect(found.slice(0, 5)).toEqual([
      'own: Human Anatomy & Physiology',
      'own: Principles of Anatomy and Physiology',
      'feed: Anatomy for the Artist',
      'feed: Anatomical Sciences Workbook',
      'feed: Anatomy of the Spirit: The Seven Stages of Power and Healing',
    ]);
    // A word as typed is no guess: every book of an author whose name starts with it is listed.
    expect(found.slice(5)).toHaveLength(ANATOLE_FRANCE.length + 2);
  });
});
