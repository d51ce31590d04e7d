// Reply and forward defaults: 'Re: …' / 'Fwd: …' is the web's default subject (ours; product-spec
// §5 "Validation rules" only requires a subject).

export function replySubject(subject: string): string {
  return /^\s*re:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function forwardSubject(subject: string): string {
  return /^\s*fwd?:/i.test(subject) ? subject.trim() : `Fwd: ${subject.trim()}`;
}
