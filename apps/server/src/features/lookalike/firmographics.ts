// Company size in LinkedIn's bands (1-10, 11-50, 51-200, 201-500, 501-1,000, 1,001-5,000,
// 5,001-10,000, 10,001+): neighbouring bands are close, the ends of the scale far apart.
const bandFloors = [1, 11, 51, 201, 501, 1001, 5001, 10_001];

export function sizeBand(employees: number | null): number | null {
  if (employees === null || employees < 1) return null;
  let band = 0;
  bandFloors.forEach((floor, index) => {
    if (employees >= floor) band = index;
  });
  return band;
}

// '51-200 employees', '10,001+ employees'.
export function bandLabel(band: number): string {
  const floor = bandFloors[band] ?? 1;
  const next = bandFloors[band + 1];
  const range =
    next === undefined
      ? `${floor.toLocaleString('en-US')}+`
      : `${floor.toLocaleString('en-US')}-${(next - 1).toLocaleString('en-US')}`;
  return `${range} employees`;
}

// 1 in the same band, falling by a third for each band apart.
export function sizeCloseness(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  return Math.max(0, 1 - Math.abs(a - b) / 3);
}

// 1 in the same year, 0 fifty years apart or more.
export function foundedCloseness(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0;
  return Math.max(0, 1 - Math.abs(a - b) / 50);
}
