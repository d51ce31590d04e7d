// The young generation of a long-running `mailhound` process: 16 MB semi-spaces, Node 20's
// size. Node 24's V8 lets each grow to 64 MB (whatever --max-old-space-size says), and loading
// the server's modules alone (most of what they allocate survives) grows them to that: 128 MB
// of the worker's 385 MB before it did any work (bench:bulk). With 16 MB the worker's peak on
// the bench is about 320 MB, for the same rows/s and CPU; a smaller young generation (1 MB)
// promotes short-lived objects into the old space and costs more than it saves.
export const semiSpaceMb = 16;

const flagSetsYoungGeneration = (flag: string) =>
  /^--(max[-_]semi[-_]space[-_]size|max[-_]heap[-_]size)\b/.test(flag);

// V8 sizes its heap when the process starts, so the size is a command-line flag: the process
// replaces itself (same pid, same arguments, environment and open files) with one started
// with it, before the server's modules are loaded. Nothing happens when the flag (or
// --max-heap-size) was given already, on a platform without execve, or in a process with an
// IPC channel to its parent (a fork, which the exec would cut off).
export function execWithBoundedYoungGeneration(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some(flagSetsYoungGeneration)) return;
  if (typeof process.execve !== 'function' || process.channel !== undefined) return;
  // Node defines execve everywhere but it throws on Windows, and under --permission without
  // child processes allowed: there the process goes on with V8's default young generation.
  if (process.platform === 'win32' || process.permission?.has('child') === false) return;
  process.execve(
    process.execPath,
    [
      process.execPath,
      `--max-semi-space-size=${semiSpaceMb}`,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    process.env,
  );
}
