// Reply and forward defaults (unibox-api.md: 'Re: …' / 'Fwd: …' is the web's default text).

export function replySubject(subject: string): string {
  return /^\s*re:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function forwardSubject(subject: string): string {
  return /^\s*fwd?:/i.test(subject) ? subject.trim() : `Fwd: ${subject.trim()}`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// The composer is a plain textarea; the payload body is HTML: one <p> per paragraph (blank
// lines between), single line breaks kept as <br>.
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
