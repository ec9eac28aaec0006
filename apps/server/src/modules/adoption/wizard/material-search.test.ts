import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProposedTitle,
  createTitle,
  searchMaterials,
  type MaterialSearchResult,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { wizardWorld, type WizardWorld } from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

/** Real books (Language Science Press, UofT bookstore) as the distributor's feed would send them. */
const PRODUCTS = [
  {
    ean13: '9783961100637',
    description: 'A grammar of Pichi',
    author: 'Yakpo, Kofi',
    publisher: 'Language Science Press',
    publishDate: '2019-01-01',
  },
  {
    ean13: '9780321775658',
    isbn10: '0321775651',
    description: 'Campbell Biology',
    author: 'Reece',
    edition: '10',
    publisher: 'Pearson',
    publishDate: '2013-01-01',
  },
  {
    ean13: '9780134093413',
    description: 'Campbell Biology',
    author: 'Urry',
    edition: '11',
    publisher: 'Pearson',
    publishDate: '2016-01-01',
    digitalIsbn: '9780134448886',
  },
  // The store already stocks this one (store title Genes in Action has the same ISBN).
  { ean13: '9781861972712', description: 'Genes in Action (feed copy)', author: 'Someone' },
];

describe.each(engines)('material search, createTitle, createProposedTitle (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    await ctx.db.insert(t.externalProducts).values(PRODUCTS.map((p) => ({ ...p, source: 'test' })));
  });
  afterAll(async () => ctx?.close());

  const search = (query: Record<string, string | number>, who = w.who.admin) =>
    w.call(who, searchMaterials, { query });
  const found = async (query: Record<string, string | number>) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    return res.json<{
      materials: MaterialSearchResult[];
      recordCount: number;
      isbnMatch: boolean;
    }>();
  };

  it('finds a book by its ISBN-13 typed with hyphens, and by its ISBN-10', async () => {
    for (const searchString of [' 978-0-321-77565-8 ', '0-321-77565-1']) {
      const result = await found({ searchString });
      expect(result.isbnMatch).toBe(true);
      expect(result.materials.map((m) => [m.source, m.ean13, m.formattedEan13])).toEqual([
        ['EXTERNAL', '9780321775658', '978-0-321-77565-8'],
      ]);
    }
  });

  it('finds a book by its digital ISBN, and a store title by its ISBN', async () => {
    expect((await found({ searchString: '9780134448886' })).materials[0]?.ean13).toBe(
      '9780134093413',
    );
    const own = await found({ searchString: '978-0-306-40615-7' });
    expect(own.materials).toMatchObject([
      { source: 'CATALOG', titleId: w.titles.cells, externalProductId: null },
    ]);
  });

  it('says which digit is wrong instead of searching for a mistyped ISBN', async () => {
    const res = await search({ searchString: '978-0-321-77565-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: 'searchString',
      message:
        'searchString: 9780321775659 is not a valid ISBN-13: its check digit is wrong. Check for a mistyped digit.',
    });
  });

  it('finds words of the title and the author despite a typo, best match first', async () => {
    const typo = await found({ searchString: 'Campbel Biologi' });
    expect(typo.materials.map((m) => m.ean13).sort()).toEqual(['9780134093413', '9780321775658']);
    const byAuthor = await found({ searchString: 'urry biology' });
    expect(byAuthor.materials[0]?.ean13).toBe('9780134093413');
    const prefix = await found({ searchString: 'gramm pich' });
    expect(prefix.materials[0]?.description).toBe('A grammar of Pichi');
    expect((await found({ searchString: 'zzqx wvvy' })).materials).toEqual([]);
  });

  it("leaves out feed products the store already has, and never shows another store's titles", async () => {
    const genes = await found({ searchString: 'genes in action' });
    expect(genes.materials.map((m) => m.source)).toEqual(['CATALOG']);
    expect((await found({ searchString: 'store b book' })).materials).toEqual([]);
  });

  it('narrows by edition, publisher and publication dates, and pages', async () => {
    const eleventh = await found({ searchString: 'campbell biology', edition: '11' });
    expect(eleventh.materials.map((m) => m.edition)).toEqual(['11']);
    const dated = await found({
      searchString: 'campbell biology',
      publishStartDate: '2010-01-01',
      publishEndDate: '2014-12-31',
    });
    expect(dated.materials.map((m) => m.ean13)).toEqual(['9780321775658']);
    const lsp = await found({ searchString: 'grammar', publisher: 'language science' });
    expect(lsp.materials).toHaveLength(1);
    const paged = await found({ searchString: 'campbell biology', pageSize: 1, page: 2 });
    expect(paged.recordCount).toBe(2);
    expect(paged.materials).toHaveLength(1);
    const reversed = await search({
      searchString: 'biology',
      publishStartDate: '2020-01-01',
      publishEndDate: '2010-01-01',
    });
    expect(reversed.json().field).toBe('publishEndDate');
  });

  it('turns a feed product into one store title however often it is asked', async () => {
    const [product] = (await found({ searchString: '9780321775658' })).materials;
    const body = { externalProductIdList: [product?.externalProductId ?? 0] };
    const [one, two] = await Promise.all([
      w.call(w.who.instructor, createTitle, { body }),
      w.call(w.who.instructor, createTitle, { body }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const first = one.json().titleDTOList[0];
    expect(first).toMatchObject({ ean13: '9780321775658', edition: '10', publisher: 'Pearson' });
    expect(two.json().titleDTOList[0].id).toBe(first.id);
    // Now the store has it: the search shows the store title, not the feed product.
    const after = await found({ searchString: '9780321775658' });
    expect(after.materials).toMatchObject([{ source: 'CATALOG', titleId: first.id }]);
    const missing = await w.call(w.who.admin, createTitle, {
      body: { externalProductIdList: [999_999] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().field).toBe('externalProductIdList');
  });

  it('stores a proposed title once for a double submit, and checks its fields', async () => {
    const body = {
      description: 'BIO 101 lab course pack',
      author: 'Dept. of Biology',
      proposedProductTypeId: w.proposedTypeId,
      productLink: 'https://print.example.edu/bio101',
    };
    const [one, two] = await Promise.all([
      w.call(w.who.instructor, createProposedTitle, { body }),
      w.call(w.who.instructor, createProposedTitle, { body }),
    ]);
    expect(one.statusCode).toBe(200);
    expect(one.json().proposedTitleDTO).toMatchObject({ edition: 'Latest', notes: '' });
    expect(two.json().proposedTitleDTO.proposedTitleId).toBe(
      one.json().proposedTitleDTO.proposedTitleId,
    );
    const bad = [
      [{ ...body, description: '  ' }, 'description'],
      [{ ...body, productLink: 'print shop' }, 'productLink'],
      [{ ...body, proposedProductTypeId: 999_999 }, 'proposedProductTypeId'],
    ] as const;
    for (const [b, field] of bad) {
      const res = await w.call(w.who.instructor, createProposedTitle, { body: b });
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 400, field });
    }
  });

  it('is for adopters only', async () => {
    expect((await search({ searchString: 'biology' }, w.who.storeB)).statusCode).toBe(403);
  });
});
