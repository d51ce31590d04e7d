// Loaded before the app's modules (index.html): zod reads this object as its configuration when
// it loads. Without jitless, zod probes for eval with `new Function`, which the server's
// Content-Security-Policy refuses and reports as a violation even though zod catches it; the
// probe runs as schemas are built, before any code of the app could call z.config().
globalThis.__zod_globalConfig = { jitless: true };
