import { csvText } from '../../../domain/csv';

/**
 * The sample file the import offers (issue 39): the columns people usually have, with headers the
 * column matcher reads as the prospect's own fields (a test keeps every one matched), and a custom
 * field for placeholders.
 */
export const SAMPLE_CSV_NAME = 'campaign-studio-sample.csv';

const HEADERS = ['First name', 'Last name', 'LinkedIn URL', 'Company', 'Job title', 'Email', 'Time zone', 'Industry'];
const ROWS = [
  [
    'Ada',
    'Lovelace',
    'https://www.linkedin.com/in/ada-lovelace',
    'Analytical Engines',
    'Head of Growth',
    'ada@engines.example',
    'Europe/London',
    'SaaS',
  ],
  [
    'Grace',
    'Hopper',
    'https://www.linkedin.com/in/grace-hopper',
    'Compilers Inc.',
    'VP Marketing',
    'grace@compilers.example',
    'America/New_York',
    'Software',
  ],
  ['Alan', 'Turing', 'https://www.linkedin.com/in/alan-turing', 'Bletchley Labs', 'Growth Lead', '', 'Europe/London', 'Research'],
];

/** The sample as CSV text, written as every CSV of the app and the server is (domain/csv.ts). */
export const sampleCsv = (): string => csvText(HEADERS, ROWS);
