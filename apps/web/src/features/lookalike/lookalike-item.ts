import {
  LOOKALIKE_MAX_BYTES,
  LOOKALIKE_MAX_ROWS,
  type LookalikeContact,
  type LookalikeItem,
  lookalikeListMessages,
  VERIFIED_SCORE,
} from '@mailhound/contracts';

export type LookalikeOutcome = 'processing' | 'success' | 'empty' | 'error';

// product-spec §4 "Look-alike item": processing, then success (totalCount ≥ 1), empty (0) or
// error.
export function lookalikeOutcome(item: Pick<LookalikeItem, 'status' | 'result'>): LookalikeOutcome {
  if (item.status === 'processing') return 'processing';
  if (item.status === 'error' || item.result === null) return 'error';
  return item.result.totalCount >= 1 ? 'success' : 'empty';
}

// The spec names the states only; these are the words the history shows for them.
export const outcomeTexts = {
  processing: 'Searching for similar companies…',
  success: (totalCount: number) =>
    `${totalCount.toLocaleString('en-US')} similar ${totalCount === 1 ? 'company' : 'companies'} found`,
  empty: 'No similar companies found',
  error: 'Look-alike search failed',
} as const;

// The list's size under its name: once searched, how many of its companies the database
// knew when some were not ('3 of 4 companies recognised'), as those alone were compared.
export function listSizeText(item: Pick<LookalikeItem, 'input' | 'result'>): string {
  const { length } = item.input;
  const companies = `${length.toLocaleString('en-US')} ${length === 1 ? 'company' : 'companies'}`;
  const recognised = item.result?.recognised ?? length;
  return recognised < length
    ? `${recognised.toLocaleString('en-US')} of ${companies} recognised`
    : companies;
}

// Addresses found by Find Emails replace the contacts' empty e-mail fields, matched by id.
export function withFoundEmails(
  contacts: LookalikeContact[],
  found: ReadonlyMap<string, LookalikeContact>,
): LookalikeContact[] {
  return contacts.map((contact) => {
    const match = found.get(contact.id);
    return match === undefined
      ? contact
      : {
          ...contact,
          exactEmail: match.exactEmail,
          exactEmailScore: match.exactEmailScore,
          verdict: match.verdict,
          searched: match.searched,
        };
  });
}

// What Find Emails did so far, so no state leaves every button off without a line saying why.
export function findEmailsSummary(contacts: readonly LookalikeContact[]) {
  const searched = contacts.filter((contact) => contact.searched);
  const found = searched.filter((contact) => contact.exactEmail !== null);
  const verified = found.filter((contact) => (contact.exactEmailScore ?? 0) >= VERIFIED_SCORE);
  const unsearched = contacts.filter((contact) => !contact.searched);
  // Find Emails needs both name parts; a contact without them is never searched.
  const missing = unsearched.filter((contact) => contact.fname && contact.lname).length;
  const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;
  const status =
    searched.length === 0
      ? null
      : `Searched ${count(searched.length)}: ${found.length.toLocaleString('en-US')} found (${verified.length.toLocaleString('en-US')} verified), ${(searched.length - found.length).toLocaleString('en-US')} not found.`;
  const noEmailHint =
    missing > 0
      ? 'No emails found yet: click Find Emails first.'
      : searched.length === 0
        ? 'None of the contacts has a first and last name to search with.'
        : 'Find Emails found no email for these contacts.';
  const findOffReason =
    contacts.length === 0
      ? 'There are no contacts to search.'
      : missing > 0
        ? null
        : unsearched.length === 0
          ? 'Every contact has been searched.'
          : 'The contacts left have no first and last name to search with.';
  return { missing, status, noEmailHint, findOffReason };
}

// The look-alike list (ours; api-spec §7 "Look-alike and rewards" says multipart only): one column
// of company names or domains in CSV, XLSX or TXT, ≤ 1,000 rows (the server counts the rows), in a
// file of at most 1 MB (the server's upload limit, a 413).
export { LOOKALIKE_MAX_BYTES, LOOKALIKE_MAX_ROWS };

export const lookalikeUploadMessages = {
  wrongType: 'The file is not a CSV, XLSX or TXT file.',
  tooLarge: lookalikeListMessages.tooLarge,
  failed: 'The upload failed. Please try again.',
} as const;

export const acceptedLookalikeTypes =
  '.csv,.xlsx,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function lookalikeUploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return lookalikeUploadMessages.wrongType;
  if (file.size > LOOKALIKE_MAX_BYTES) return lookalikeUploadMessages.tooLarge;
  return null;
}
