import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE, pagedResponse, pagingFields } from './paging.ts';

const listQuery = z.object({
  searchString: z.string().optional(),
  ...pagingFields({
    sortFields: ['nextStartDate', 'courseCode'],
    defaultSort: 'nextStartDate',
    defaultDirection: 'asc',
    sizeKey: 'coursesPerPage',
  }),
});

describe('pagingFields', () => {
  it('fills the defaults of docs/behaviour/constants.md: page 1 of 20 rows, the default sort', () => {
    expect(listQuery.parse({})).toEqual({
      page: 1,
      coursesPerPage: 20,
      sortField: 'nextStartDate',
      sortDirection: 'asc',
    });
  });

  it('reads query-string text and any case of the direction', () => {
    expect(
      listQuery.parse({
        page: '3',
        coursesPerPage: '50',
        sortField: 'courseCode',
        sortDirection: 'DESC',
      }),
    ).toMatchObject({
      page: 3,
      coursesPerPage: 50,
      sortField: 'courseCode',
      sortDirection: 'desc',
    });
  });

  it('refuses a sort field off the list, a page of 0 and more than the maximum, naming the field', () => {
    const issues = (input: object) =>
      listQuery.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ sortField: 'password' })).toEqual([
      'sortField: must be one of nextStartDate, courseCode',
    ]);
    expect(issues({ page: 0 })).toEqual(['page: must be 1 or more']);
    expect(issues({ coursesPerPage: MAX_PAGE_SIZE + 1 })).toEqual([
      `coursesPerPage: must be at most ${MAX_PAGE_SIZE}`,
    ]);
    expect(issues({ sortDirection: 'up' })).toEqual(['sortDirection: must be asc or desc']);
  });
});

describe('pagedResponse', () => {
  it('names the rows as the endpoint does and carries the total count', () => {
    const schema = pagedResponse('courseDTOList', z.object({ courseCode: z.string() }));
    expect(schema.parse({ courseDTOList: [{ courseCode: '101' }], recordCount: 41 })).toEqual({
      courseDTOList: [{ courseCode: '101' }],
      recordCount: 41,
    });
    expect(schema.safeParse({ courseDTOList: [], recordCount: -1 }).success).toBe(false);
  });
});
