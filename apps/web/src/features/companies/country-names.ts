// Locations are country names (contracts' companyFiltersSchema). The browser knows them all:
// every two-letter region code it can name, less the codes that are not countries.
const notCountries = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// Each country's name by its two-letter code.
function regionNamesByCode(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Map<string, string>();
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      const name = notCountries.has(code) ? undefined : names.of(code);
      if (name) found.set(code, name);
    }
  }
  return found;
}

const byCode = regionNamesByCode();

export const countryNames: readonly string[] = [...new Set(byCode.values())].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

// Short names people type that are not the country's code.
const aliases: Record<string, string> = { uk: 'GB', usa: 'US', uae: 'AE' };
const byLowerName = new Map(countryNames.map((name) => [name.toLowerCase(), name]));

// The companies store countries by these names, compared exactly: 'germany', 'DE' or 'USA'
// typed into a location filter becomes 'Germany' or 'United States'; other text stays.
export function countryName(typed: string): string {
  const value = typed.trim();
  const key = value.toLowerCase();
  const code = aliases[key] ?? (/^[a-z]{2}$/.test(key) ? key.toUpperCase() : undefined);
  return byLowerName.get(key) ?? (code === undefined ? undefined : byCode.get(code)) ?? value;
}
