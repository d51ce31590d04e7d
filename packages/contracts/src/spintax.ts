// Spintax (issue 25): `{Hi|Hello|Hey}` in a step's subject or body becomes one of its options
// per contact. A spintax group is a single brace holding at least one `|`; template variables
// (`{{first_name}}`) are double braces and pass through untouched, inside a group or not.
// Groups may nest: `{Hi|{Hello|Hey} there}`.

export const spintaxMessages = {
  unclosed: 'A spintax group is not closed: every { needs a } after it.',
  unopened: 'A } closes no spintax group: every } needs a { before it.',
  tooDeep: 'Spintax groups nest at most 10 deep.',
} as const;

// Deeper nesting says nothing a writer means, and each level is a call on the stack: 10,000
// braces overflowed it.
const maxDepth = 10;

type Piece = string | { options: Piece[][] };

// Parses `text` from `start` until an unmatched `}` (inside a group, depth > 0) or the end.
function parsePieces(
  text: string,
  start: number,
  depth: number,
): { pieces: Piece[][]; end: number } | { error: string } {
  if (depth > maxDepth) return { error: spintaxMessages.tooDeep };
  const inGroup = depth > 0;
  const options: Piece[][] = [[]];
  let literal = '';
  const flush = () => {
    if (literal !== '') (options[options.length - 1] as Piece[]).push(literal);
    literal = '';
  };
  let i = start;
  while (i < text.length) {
    const char = text[i] as string;
    // `{{{first_name}}|Hi}`: the first brace opens a group, the next two a variable.
    if (text.startsWith('{{', i) && text[i + 2] !== '{') {
      const close = text.indexOf('}}', i + 2);
      const end = close < 0 ? text.length : close + 2;
      literal += text.slice(i, end);
      i = end;
    } else if (char === '{') {
      flush();
      const inner = parsePieces(text, i + 1, depth + 1);
      if ('error' in inner) return inner;
      // A brace group without `|` is no spintax: it stays as written.
      if (inner.pieces.length > 1) {
        (options[options.length - 1] as Piece[]).push({ options: inner.pieces });
      } else {
        literal += text.slice(i, inner.end + 1);
      }
      i = inner.end + 1;
    } else if (char === '}') {
      if (!inGroup) return { error: spintaxMessages.unopened };
      flush();
      return { pieces: options, end: i };
    } else if (char === '|' && inGroup) {
      flush();
      options.push([]);
      i += 1;
    } else {
      literal += char;
      i += 1;
    }
  }
  if (inGroup) return { error: spintaxMessages.unclosed };
  flush();
  return { pieces: options, end: text.length };
}

// What is wrong with the text's braces, in words; null when every group is closed.
export function spintaxProblem(text: string): string | null {
  const parsed = parsePieces(text, 0, 0);
  return 'error' in parsed ? parsed.error : null;
}

// FNV-1a with MurmurHash3's final mix (FNV's low bits alone follow the last characters, so
// nested groups would choose alike): stable in every process and run.
export function stableHash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

function render(pieces: Piece[], seed: string, path: string): string {
  return pieces
    .map((piece, index) => {
      if (typeof piece === 'string') return piece;
      const at = `${path}.${index}`;
      const options = piece.options;
      const chosen = options[stableHash(`${seed}/${at}`) % options.length] as Piece[];
      return render(chosen, seed, at);
    })
    .join('');
}

// One option of every group, chosen from the seed (a contact and step): the same seed always
// gives the same text. Text with broken braces is returned as it is.
export function expandSpintax(text: string, seed: string): string {
  const parsed = parsePieces(text, 0, 0);
  if ('error' in parsed) return text;
  return render(parsed.pieces[0] as Piece[], seed, '');
}
