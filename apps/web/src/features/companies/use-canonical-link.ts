import { useEffect } from 'react';

// product-spec §2 Company page: the page sets a canonical link while it is shown.
export function useCanonicalLink(href: string | null) {
  useEffect(() => {
    if (href === null) return;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = href;
    document.head.append(link);
    return () => link.remove();
  }, [href]);
}
