import { afterEach, describe, expect, it } from 'vitest';
import { courseListReturnPath, rememberCourseListSearch } from './course-list-return.ts';

describe('the way back to the course list', () => {
  afterEach(() => sessionStorage.clear());

  it('leads back to the course list as the clerk left it', () => {
    expect(courseListReturnPath()).toBe('/adopt');
    rememberCourseListSearch('?q=bio&page=2&sort=courseName');
    expect(courseListReturnPath()).toBe('/adopt?q=bio&page=2&sort=courseName');
    rememberCourseListSearch('');
    expect(courseListReturnPath()).toBe('/adopt');
  });

  it('ignores anything that is not a query string', () => {
    sessionStorage.setItem('adopt.catalogSearch', '//evil.example/path');
    expect(courseListReturnPath()).toBe('/adopt');
  });
});
