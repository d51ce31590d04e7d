// Key decision makers on the public company page, and addresses found but not yet paid for
// (an unpaid bulk preview): enough to show that a contact exists, not enough to use it.

// What a masked value shows in place of what is hidden.
export const hidden = '•••';

function masked(initial: string, domain: string): string {
  return `${initial}${hidden}@${domain}`;
}

// "Jane", "Doe", "acme.com" → "j•••@acme.com": the first letter of the likely address.
export function maskEmail(fname: string | null, lname: string | null, domain: string): string {
  const initial = (fname ?? lname ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .charAt(0)
    .toLowerCase();
  return masked(initial, domain);
}

// "jane.doe@acme.com" → "j•••@acme.com": an address found but not paid for yet.
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return masked(email.charAt(0), email.slice(at + 1));
}

// Calling codes of two digits (ITU E.164 zones 2 to 9); 1 and 7 have one, the rest three.
const twoDigitCodes = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56,
  57, 58, 60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

function callingCode(digits: string): string {
  if (digits.startsWith('1') || digits.startsWith('7')) return digits.slice(0, 1);
  return twoDigitCodes.has(Number(digits.slice(0, 2))) ? digits.slice(0, 2) : digits.slice(0, 3);
}

// "+14155550112" → "+1 ••• ••• ••12": the calling code and the last two digits.
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return null;
  const last = digits.slice(-2);
  const rest = `${hidden} ${hidden} ••${last}`;
  return phone.trim().startsWith('+') ? `+${callingCode(digits)} ${rest}` : rest;
}
