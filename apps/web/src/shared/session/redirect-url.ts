import type { Location } from 'react-router';

// Only same-site paths are followed: "//host" or "/\host" would leave the site.
export function safeRedirectUrl(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])/.test(value)) return null;
  return value;
}

export function currentPath(location: Pick<Location, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`;
}

export function withRedirectUrl(path: string, redirectUrl: string | null): string {
  if (redirectUrl === null) return path;
  return `${path}?${new URLSearchParams({ redirectUrl })}`;
}
