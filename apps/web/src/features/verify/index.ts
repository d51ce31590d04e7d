// The Email Verifier's public face. Its screen is loaded by app/routes.tsx from its own file.
export { StatusBadge } from './components/verdict-card.tsx';
export { statusWords } from './verdict-words.ts';
