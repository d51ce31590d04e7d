// The file name a download carries in Content-Disposition (RFC 6266): the UTF-8 `filename*`
// form wins over the plain `filename`.
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain form below.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;]+)/.exec(header)?.[1]?.trim();
  return bare === undefined || bare === '' ? null : bare;
}
