import { saveFile } from '../../shared/save-file.ts';

// The columns bulk search recognises (api-spec §7 "Bulk files", and the company column the
// server reads), with two example rows: one to find, one whose address is to be verified.
export const bulkTemplateCsv = [
  'First Name,Last Name,Company Website,Email',
  'Ann,Lee,acme.com,',
  'Bob,Stone,example.com,bob.stone@example.com',
].join('\r\n');

export const bulkTemplateFileName = 'mailhound-bulk-template.csv';

// A 'Verify emails' list (issue 22): the Email column only.
export const verifyTemplateCsv = ['Email', 'ann.lee@acme.com', 'bob.stone@example.com'].join(
  '\r\n',
);
export const verifyTemplateFileName = 'mailhound-verify-template.csv';

export function downloadBulkTemplate(verify = false): void {
  const [csv, fileName] = verify
    ? [verifyTemplateCsv, verifyTemplateFileName]
    : [bulkTemplateCsv, bulkTemplateFileName];
  saveFile(new Blob([`${csv}\r\n`], { type: 'text/csv' }), fileName);
}
