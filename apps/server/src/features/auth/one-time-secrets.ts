import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@mailhound/contracts';

export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

// Codes and reset tokens are stored as keyed hashes: a leaked table does not give them away,
// and a 6-digit code cannot be brute-forced offline without the server secret.
export function hashSecret(secret: string, key: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
