// Reply and forward defaults (unibox-api.md: 'Re: …' / 'Fwd: …' is the web's default text).

export function replySubject(subject: string): string {
  return /^\s*re:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function forwardSubject(subject: string): string {
  return /^\s*fwd?:/i.test(subject) ? subject.trim() : `Fwd: ${subject.trim()}`;
}
