import { GUEST_ID_PREFIX, storageKeys } from '@mailhound/contracts';

// The session lives in local storage (product-spec §3); React reads it through
// useSyncExternalStore, so every writer must go through these functions.
type Listener = () => void;

const listeners = new Set<Listener>();
const logoutListeners = new Set<(options: LogoutOptions) => Promise<void> | void>();
let transition = false;

// returnHere: the login page gets the current path as redirectUrl, so that logging in again
// leads back there (an expired or revoked session, product-spec §2).
export type LogoutOptions = { redirect: boolean; returnHere?: boolean };

// True while a login or logout changes the token and then navigates: the guards wait for
// that navigation instead of racing it with their own redirects.
export function isSessionTransition(): boolean {
  return transition;
}

export async function runSessionTransition(change: () => Promise<void>): Promise<void> {
  transition = true;
  try {
    await change();
  } finally {
    transition = false;
  }
}

function emitChange(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.token || event.key === storageKeys.uid) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readToken(): string | null {
  return localStorage.getItem(storageKeys.token);
}

export function storeToken(token: string): void {
  localStorage.setItem(storageKeys.token, token);
  emitChange();
}

export function removeToken(): void {
  localStorage.removeItem(storageKeys.token);
  emitChange();
}

export function readGuestId(): string | null {
  return localStorage.getItem(storageKeys.uid);
}

export function ensureGuestId(): string {
  const existing = readGuestId();
  if (existing !== null) return existing;
  const guestId = `${GUEST_ID_PREFIX}${crypto.randomUUID()}`;
  localStorage.setItem(storageKeys.uid, guestId);
  emitChange();
  return guestId;
}

export function clearGuestId(): void {
  localStorage.removeItem(storageKeys.uid);
  emitChange();
}

// Logout removes the token; the listeners (inside the router) clear cached data and navigate.
export function logout(options: LogoutOptions = { redirect: true }): Promise<void> {
  const notify = async () => {
    removeToken();
    await Promise.all([...logoutListeners].map((listener) => listener(options)));
  };
  return options.redirect ? runSessionTransition(notify) : notify();
}

export function onLogout(listener: (options: LogoutOptions) => Promise<void> | void): () => void {
  logoutListeners.add(listener);
  return () => {
    logoutListeners.delete(listener);
  };
}
