import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type PasswordBox = {
  // `owner` (the mailbox id) is bound as associated data: a sealed password copied onto
  // another row does not open.
  seal: (plain: string, owner: string) => string;
  open: (sealed: string, owner: string) => string;
};

const version = 'v1';

// AES-256-GCM with a key derived from MAILBOX_SECRET_KEY; stored as v1.iv.tag.ciphertext.
export function createPasswordBox(secret: string): PasswordBox {
  const key = createHash('sha256').update(`mailhound mailbox passwords\0${secret}`).digest();
  return {
    seal: (plain, owner) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed, owner) => {
      const [tag, iv, authTag, data] = sealed.split('.');
      if (tag !== version || !iv || !authTag || data === undefined) {
        throw new Error('not a sealed mailbox password');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
