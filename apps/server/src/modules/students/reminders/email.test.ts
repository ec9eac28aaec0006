import { describe, expect, it } from 'vitest';
import { isoDayPlus } from '../../../lib/iso-day.ts';
import { reminderMessage } from './email.ts';
import type { ReminderCandidate } from './repository.ts';

const now = new Date();
const rental: ReminderCandidate = {
  rentalId: 1,
  locationId: 1,
  studentId: 1,
  kind: 'DUE_IN_3',
  dueDate: isoDayPlus(now, 3),
  serial: 'S000000001',
  title: 'Principles of Biology',
  isbn: '9780000000000',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@students.test',
  storeName: 'Test Campus Store',
  returnAddressName: ' Rental Returns ',
  returnStreetOne: '1 College Way',
  returnStreetTwo: null,
  returnCity: 'Springfield',
  returnState: 'IL',
  returnPostalCode: '62701',
  returnPhone: null,
};

describe('rental reminder e-mail', () => {
  it('offers the return address only when a parcel can be addressed to it', () => {
    const complete = reminderMessage({ kind: 'DUE_IN_3', rentals: [rental] }, now);
    expect(complete.text).toContain(
      'Bring them to the Test Campus Store counter, or mail them to:\n  Rental Returns\n  1 College Way\n  Springfield, IL 62701\n',
    );
    expect(complete.text).not.toContain('Phone:');

    for (const missing of ['returnStreetOne', 'returnPostalCode', 'returnAddressName'] as const) {
      const partial = { ...rental, [missing]: '  ' };
      const message = reminderMessage({ kind: 'DUE_IN_3', rentals: [partial] }, now);
      expect(message.text, missing).toContain('Bring them to the Test Campus Store counter.\n');
      expect(message.text, missing).not.toContain('mail them to');
      expect(message.html, missing).not.toContain('1 College Way');
    }
  });
});
