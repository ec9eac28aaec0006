import { describe, expect, it } from 'vitest';
import { peopleIn } from './person-names.ts';

describe('names in the order a file writes them', () => {
  it('reads "Last, First" names, several in a cell, and names the one that is not', () => {
    expect(peopleIn('Curie, Marie; Rosalind Franklin;  ; García Márquez, Gabriel', ';', 'last-first')).toEqual({
      people: [
        { lastName: 'Curie', firstName: 'Marie' },
        { lastName: 'García Márquez', firstName: 'Gabriel' },
      ],
      problems: [{ name: 'Rosalind Franklin', message: 'has a name not written as "Last, First"' }],
    });
  });

  it('reads "First Last" names keeping a compound surname whole', () => {
    expect(peopleIn('Gabriel García Márquez / Ada Lovelace / Plato', '/', 'first-last')).toEqual({
      people: [
        { lastName: 'García Márquez', firstName: 'Gabriel' },
        { lastName: 'Lovelace', firstName: 'Ada' },
      ],
      problems: [{ name: 'Plato', message: 'has a name of one word: write it as "First Last"' }],
    });
  });

  it('reads "First Middle Last" names with surname particles kept on the surname', () => {
    const { people } = peopleIn(
      'John Quincy Adams; Ludwig van Beethoven; Juan de la Cruz; Mary Ann Evans',
      ';',
      'first-middle-last',
    );
    expect(people).toEqual([
      { lastName: 'Adams', firstName: 'John Quincy' },
      { lastName: 'van Beethoven', firstName: 'Ludwig' },
      { lastName: 'de la Cruz', firstName: 'Juan' },
      { lastName: 'Evans', firstName: 'Mary Ann' },
    ]);
  });

  it('takes a name with a comma as "Last, First" whatever the order chosen', () => {
    expect(peopleIn('Curie, Marie', ';', 'first-last').people).toEqual([
      { lastName: 'Curie', firstName: 'Marie' },
    ]);
  });

  it('refuses a name longer than a stored name may be', () => {
    expect(peopleIn(`${'x'.repeat(101)}, Ann`, ';', 'last-first').problems).toEqual([
      { name: `${'x'.repeat(101)}, Ann`, message: 'has a name longer than 100 characters' },
    ]);
  });
});
