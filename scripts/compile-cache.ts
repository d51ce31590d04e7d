// Preloaded by `npm start` (`node --import`): V8 keeps the compiled code of the server's
// modules on disk (in os.tmpdir(), keyed by Node version and file content), so a start after
// the first skips compiling several hundred modules again.
import { enableCompileCache } from 'node:module';

enableCompileCache();
