export * from './course-pattern.ts';
