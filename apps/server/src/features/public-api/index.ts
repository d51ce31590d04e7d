export { type PublicApiOptions, registerPublicApi } from './routes.ts';
