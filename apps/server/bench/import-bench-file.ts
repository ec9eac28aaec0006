import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/bulk-write.ts';
import type { Database } from '../src/db/client.ts';

/** The CSV, written as it is generated: sections of the large store, new students. */
export async function writeEnrollmentFile(
  database: Database,
  locationId: number,
  path: string,
  rows: number,
  perStudent: number,
) {
  const sections = await queryRows<{
    division: string;
    term: string;
    dept: string;
    course: string;
    section: string;
  }>(
    database.db,
    sql`select dv.name as division, t.name as term, d.code as dept, c.code as course,
        s.code as section
      from sections s join terms t on t.id = s.term_id join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id join divisions dv on dv.id = c.division_id
      where s.location_id = ${locationId} order by s.id`,
  );
  const out = createWriteStream(path);
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  out.write('student_id,first_name,last_name,email,division,term,department,course,section\n');
  let seed = 13;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  const first = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
  const last = ['Lovelace', 'Turing', 'Hopper', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Iverson'];
  let lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    const student = Math.floor(row / perStudent);
    const id = `IB${String(student + 1).padStart(7, '0')}`;
    const s = sections[next() % sections.length]!;
    const f = first[student % first.length]!;
    const l = last[Math.floor(student / first.length) % last.length]!;
    lines.push(
      [
        id,
        f,
        l,
        `${id.toLowerCase()}@large-university.edu`,
        s.division,
        s.term,
        s.dept,
        s.course,
        s.section,
      ]
        .map(quote)
        .join(','),
    );
    if (lines.length === 5000) {
      if (!out.write(`${lines.join('\n')}\n`))
        await new Promise<void>((r) => out.once('drain', () => r()));
      lines = [];
    }
  }
  out.end(lines.length ? `${lines.join('\n')}\n` : '');
  await new Promise<void>((r) => out.once('finish', () => r()));
  return sections.length;
}
