import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes): OWASP's recommended setting.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the account does not exist, so that a wrong e-mail costs the same time
// as a wrong password and logins do not reveal which addresses have accounts.
const decoyHash = hash('decoy password that never matches');

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
