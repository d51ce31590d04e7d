import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

const urlPattern = /https?:\/\/[^\s<>"']+/g;
const longUrl = 48;

// A URL ends before trailing punctuation of the sentence around it ("see https://x.test/a.").
function trimUrl(candidate: string): string {
  let url = candidate.replace(/[.,;:!?]+$/, '');
  while (url.endsWith(')') && (url.match(/\(/g) ?? []).length < (url.match(/\)/g) ?? []).length) {
    url = url.slice(0, -1);
  }
  return url;
}

// Long links (a signed unsubscribe link) read as their host and the start of their path.
export function linkLabel(url: string): string {
  if (url.length <= longUrl) return url;
  try {
    const { host, pathname } = new URL(url);
    const path = pathname.length > 24 ? `${pathname.slice(0, 24)}…` : `${pathname}…`;
    return `${host}${path}`;
  } catch {
    return `${url.slice(0, longUrl)}…`;
  }
}

// Plain message text with its web addresses as links that open in a new tab.
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = trimUrl(match[0]);
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={start} href={url} target="_blank" rel="noopener noreferrer nofollow" title={url}>
        {linkLabel(url)}
      </Anchor>,
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
