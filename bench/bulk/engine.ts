// The bare engine on bench:bulk's rows, in a process of its own as the worker is: reads
// `{ inputs }` (FindInput[]) as JSON on stdin, runs one findBatch with the FINDER_* settings of
// its environment (the worker's) and a memory pattern store, and prints
// `{ ms, found, peakRssKb }` as JSON on stdout.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createFinder, type FindInput, finderConfigFromEnv } from '@mailhound/finder';
import { foundScore } from '../../apps/server/src/features/bulk/processing.ts';

const { inputs } = JSON.parse(readFileSync(0, 'utf8')) as { inputs: FindInput[] };
const finder = createFinder(finderConfigFromEnv(process.env));
const started = performance.now();
const results = await finder.findBatch(inputs);
const ms = performance.now() - started;
await finder.close();
const found = results.filter(
  (result) => result.exactEmail !== null && result.exactEmailScore >= foundScore,
);
const status = readFileSync('/proc/self/status', 'utf8');
const peakRssKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
process.stdout.write(JSON.stringify({ ms, found: found.length, peakRssKb }));
