// The Email Verifier's public face. Its screen is loaded by app/routes.tsx from its own file.
// The verdict's words and badges are shared (shared/ui); bulk's preview still reads them here.
export { statusWords } from '../../shared/ui/verdict-words.ts';
