import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed tokens of the links in campaign mail: `u.<send id>.<signature>` for unsubscribing and
// `c.<send id>.<url, base64url>.<signature>` for a tracked click. Without TRACKING_SECRET
// nobody can make one; a changed character fails the signature.
export type LinkToken =
  | { kind: 'unsubscribe'; sendId: string }
  | { kind: 'click'; sendId: string; url: string };

export type LinkTokens = {
  sign: (token: LinkToken) => string;
  verify: (text: string) => LinkToken | undefined;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createLinkTokens(secret: string): LinkTokens {
  const signature = (body: string) =>
    createHmac('sha256', `mailhound tracking links\0${secret}`)
      .update(body)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  const bodyOf = (token: LinkToken) =>
    token.kind === 'unsubscribe'
      ? `u.${token.sendId}`
      : `c.${token.sendId}.${Buffer.from(token.url).toString('base64url')}`;
  return {
    sign: (token) => {
      const body = bodyOf(token);
      return `${body}.${signature(body)}`;
    },
    verify: (text) => {
      const cut = text.lastIndexOf('.');
      if (cut < 0) return undefined;
      const body = text.slice(0, cut);
      const given = Buffer.from(text.slice(cut + 1));
      const expected = Buffer.from(signature(body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const [kind, sendId, url] = body.split('.');
      if (!sendId || !uuidPattern.test(sendId)) return undefined;
      if (kind === 'u' && url === undefined) return { kind: 'unsubscribe', sendId };
      if (kind === 'c' && url !== undefined) {
        return { kind: 'click', sendId, url: Buffer.from(url, 'base64url').toString('utf8') };
      }
      return undefined;
    },
  };
}
