-- The student search's name arms read up to 500 index entries each (a common start like "ma"
-- on a large store) and then fetched each student's row for its columns. With the columns the
-- search shows included in the name indexes, both arms are index-only scans (issue 26: the
-- search's cost no longer grows with the rows it reads from the table). Same names and keys as
-- before, so the schema (db/schema/students.ts, which drizzle cannot give INCLUDE) still
-- describes them.
DROP INDEX "students_last_name_idx";--> statement-breakpoint
CREATE INDEX "students_last_name_idx" ON "students" USING btree ("location_id", lower("last_name") text_pattern_ops) INCLUDE ("id", "student_id_num", "first_name", "last_name", "email");--> statement-breakpoint
DROP INDEX "students_first_name_idx";--> statement-breakpoint
CREATE INDEX "students_first_name_idx" ON "students" USING btree ("location_id", lower("first_name") text_pattern_ops) INCLUDE ("id", "student_id_num", "first_name", "last_name", "email");
