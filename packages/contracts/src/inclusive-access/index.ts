export * from './inclusive-access.ts';
export * from './programs.ts';
export * from './student-page.ts';
export * from './reminders.ts';
export * from './charges.ts';
export * from './access-lists.ts';
