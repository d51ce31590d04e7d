import { storageKeys } from '@mailhound/contracts';

// product-spec §3: the autoSearch flag is local. The company page sets it before opening the
// lead finder; the finder runs the search at once and clears it.
export function requestAutoSearch(): void {
  localStorage.setItem(storageKeys.autoSearch, 'true');
}

export function isAutoSearchRequested(): boolean {
  return localStorage.getItem(storageKeys.autoSearch) === 'true';
}

export function clearAutoSearch(): void {
  localStorage.removeItem(storageKeys.autoSearch);
}
