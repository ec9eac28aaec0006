import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/**
 * A section of the fixture's course in its term (Fall 2026), covered from `adoptedAt` by an
 * adoption of its own (no text required when asked), or by none: the adoption's id, or null.
 */
export async function fallSection(
  ctx: TestContext,
  code: string,
  adoptedAt: string | null,
  noTextRequired = false,
): Promise<number | null> {
  const { catalog, locations } = ctx.fixture;
  const [row] = await ctx.db
    .insert(t.sections)
    .values({
      locationId: locations.a,
      courseId: catalog.courseId,
      termId: catalog.termId,
      code,
      startDate: '2026-08-24',
      endDate: '2026-12-18',
    })
    .returning({ id: t.sections.id });
  if (!adoptedAt) return null;
  const [adoption] = await ctx.db
    .insert(t.adoptionMaterials)
    .values({
      locationId: locations.a,
      courseId: catalog.courseId,
      adoptionType: 'SECTION_ADOPTION',
      startDate: '2026-08-24',
      noTextRequired,
      createdAt: new Date(adoptedAt),
    })
    .returning({ id: t.adoptionMaterials.id });
  if (!row || !adoption) throw new Error('section or adoption not created');
  await ctx.db
    .insert(t.adoptionMaterialSections)
    .values({ adoptionMaterialId: adoption.id, sectionId: row.id });
  return adoption.id;
}
