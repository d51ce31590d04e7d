import { saveFile } from '../../shared/save-file.ts';

// The columns bulk search recognises (api-spec §7 "Bulk files", and the company column the
// server reads), with two example rows: one to find, one whose address is to be verified.
export const bulkTemplateCsv = [
  'First Name,Last Name,Company Website,Email',
  'Ann,Lee,acme.com,',
  'Bob,Stone,example.com,bob.stone@example.com',
].join('\r\n');

export const bulkTemplateFileName = 'mailhound-bulk-template.csv';

export function downloadBulkTemplate(): void {
  saveFile(new Blob([`${bulkTemplateCsv}\r\n`], { type: 'text/csv' }), bulkTemplateFileName);
}
