import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';

// product-spec §2: a click on a link to the current page is blocked, and while the account
// is unverified every navigation link is disabled.
export function useGuardedLinkClick(to: string, disabled: boolean) {
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    if (disabled || location.pathname === to) event.preventDefault();
  };
}

export function disabledLinkProps(disabled: boolean) {
  return disabled ? { 'aria-disabled': true, 'data-disabled': true, tabIndex: -1 } : {};
}
