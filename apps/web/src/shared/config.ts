// Build-time settings (Vite env), each with the default used when it is unset.
export const marketingUrl: string = import.meta.env.VITE_MARKETING_URL || 'https://mailhound.dev';
