// A small MIME walk for the parts mailparser folds away: the machine-readable part of a
// delivery status report (RFC 3464) and the headers of the message it returns.

export type MimePart = {
  contentType: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: string;
};

// Header fields, names lower-cased, folded lines joined; the first of a repeated field wins.
export function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const cut = line.indexOf(':');
    if (cut <= 0) continue;
    const name = line.slice(0, cut).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(cut + 1).trim();
  }
  return headers;
}

export function parseContentType(value: string | undefined): {
  type: string;
  params: Record<string, string>;
} {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const cut = param.indexOf('=');
    if (cut <= 0) continue;
    params[param.slice(0, cut).trim().toLowerCase()] = param
      .slice(cut + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function splitHead(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          ),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The leaf parts of a message; an attached message (message/rfc822) is a leaf too.
export function mimeParts(raw: string, depth = 0): MimePart[] {
  const [head, body] = splitHead(raw);
  const headers = parseHeaderBlock(head);
  const { type, params } = parseContentType(headers['content-type']);
  const boundary = params.boundary;
  if (!type.startsWith('multipart/') || !boundary || depth > 5) {
    return [
      {
        contentType: type,
        params,
        headers,
        body: decodeBody(body, headers['content-transfer-encoding']),
      },
    ];
  }
  const delimiter = new RegExp(`^--${escapeRegExp(boundary)}(--)?[ \\t]*$`, 'm');
  const chunks = body.split(delimiter);
  const parts: MimePart[] = [];
  // split() with a capture group yields [preamble, '--'|undefined, part, ...].
  for (let index = 2; index < chunks.length; index += 2) {
    const chunk = chunks[index];
    const closing = chunks[index - 1] === '--';
    if (closing || chunk === undefined) break;
    parts.push(...mimeParts(chunk.replace(/^\r?\n/, ''), depth + 1));
  }
  return parts;
}
