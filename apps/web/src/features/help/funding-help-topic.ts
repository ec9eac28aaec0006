import type { HelpTopic } from './help-topic.ts';

/**
 * Funding management (issue 14, ADR 0019): what the sources, allowances, vouchers, ledger,
 * uploads and reports are, and how a clerk pays an order from a student's funding.
 */
export const FUNDING_HELP_TOPIC: HelpTopic = {
  id: 'funding',
  available: true,
  heading: 'Funding management and vouchers',
  paragraphs: [
    'Funding Management is for staff allowed to manage vouchers. It holds the money others give students for their course materials: financial aid book advances, scholarships, department funds, grants and promotions. Each store sees only its own funding, and every change is recorded with who made it and when.',
    "A funding source is one budget: its name and kind, the amount it may give, the terms it pays for (or any term), its charge window (the first and last day orders can be charged to it), the most one student may get, what it pays for (the required materials of the student's own sections, or any course material; new, used, rental or digital) and what happens to what students have not spent when the window ends (it returns to the source, or it is paid out to the student). The sources list shows each source's budget, allocated, spent and remaining amounts, with a bar.",
    'An allowance is the amount one student gets from a source, added one student at a time or from a file. Each allowance has its own voucher code, which you can print (one voucher, or every voucher of a source, one per page) or e-mail to the student. A promotion is a source with one shared code instead: each student may use it once, until its use limit is reached, by giving the code when an order is created.',
    "Every amount that moves is an entry in the source's ledger: an allocation, an adjustment, a charge to an order, the refund of a cancelled order, and the expiry or payout of what was left when the window ended. A balance is always the sum of its entries, so it cannot drift, and entries are never changed: a correction is a new adjustment. A student can never spend more than their balance, even when two orders are placed at the same moment, and a source can never give more than its budget.",
    'To give many students allowances at once, upload a CSV or Excel file with the columns Student ID, Amount and Note (at most 5 MB and 50,000 rows). Every row is checked before anything is saved, and the report lists each rejected row and why: a student the store does not know, a student listed twice or already funded by the source, an amount that is not one, more than one student may get, or more than the budget has left. Choose Apply to add the accepted rows, all at once; applying the same file twice adds them once. If the source has changed since the file was checked, upload it again.',
    'The reports are spending by source and term (what was charged, refunded and spent, for how many orders and students); unspent allowances whose charge window ends soon, to remind those students; and the day-7 access report, which lists the aid students of a term whose required materials are not yet ordered or handed over by the seventh day of the term, when aid rules expect them to have their books. Each report downloads as an Excel (.xlsx) file.',
    "A student's page shows their funding to anyone who can look the student up: each allowance with its source, voucher code, terms, charge window, what it pays for and what is allocated, spent and left, whether it can be used today, and the total available today.",
  ],
  steps: [
    "To pay an order from funding, open the student's page, choose Create order, and pick the materials and the shipping method.",
    'In the review, Pay from funding is switched on when the student has funding usable today. You may enter the most funding should pay, or a promotion code the student gives you; the prices are worked out again when you leave the field or press Enter.',
    'The review lists what each allowance pays, then Funded and Student pays. The most specific funding is used first. Funding pays for the course materials only: tax, shipping and whatever funding does not cover are for the student to pay at the counter.',
    "Choose Place order. The order shows Paid from funding in the student's transaction history; if it is cancelled, the amount goes back to the allowance and the order shows Refunded to funding.",
  ],
};
