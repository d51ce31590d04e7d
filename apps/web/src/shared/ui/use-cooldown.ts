import { useEffect, useState } from 'react';

function remainingSeconds(storageKey: string, durationMs: number): number {
  const startedAt = Number(localStorage.getItem(storageKey));
  if (!Number.isFinite(startedAt) || startedAt <= 0) return 0;
  return Math.max(0, Math.ceil((startedAt + durationMs - Date.now()) / 1000));
}

// A cooldown whose start time lives in local storage, so a reload does not reset it
// (product-spec §4 "Cooldowns").
export function useCooldown(storageKey: string, durationMs: number) {
  const [remaining, setRemaining] = useState(() => remainingSeconds(storageKey, durationMs));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => {
      setRemaining(remainingSeconds(storageKey, durationMs));
    }, 1000);
    return () => clearInterval(timer);
  }, [remaining, storageKey, durationMs]);

  const start = () => {
    localStorage.setItem(storageKey, String(Date.now()));
    setRemaining(remainingSeconds(storageKey, durationMs));
  };

  return { remaining, active: remaining > 0, start };
}
