// Locations are country names (contracts' companyFiltersSchema). The browser knows them all:
// every two-letter region code it can name, less the codes that are not countries.
const notCountries = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function regionNames(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Set<string>();
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      const name = notCountries.has(code) ? undefined : names.of(code);
      if (name) found.add(name);
    }
  }
  return [...found].sort((a, b) => a.localeCompare(b, 'en'));
}

export const countryNames: readonly string[] = regionNames();
