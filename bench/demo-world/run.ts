import v8 from 'node:v8';
import vm from 'node:vm';
import { singleSearchExample } from '@mailhound/contracts';
import { createFinder, finderConfig } from '@mailhound/finder';

// npm run bench:demo-world — what the embedded demo mail world costs: what the server loads
// for it at start-up, then its parts on the first demo lookup (the lab's modules, the world
// built from the demo data, its DNS and SMTP hosts), its memory, and a sample of demo people
// found through the server's own routed ports.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`;

let t = performance.now();
const { closeDemoMailWorld, demoWorldPorts } = await import(
  '../../apps/server/src/features/search/demo-mail-world.ts'
);
console.log(`at start-up, import of demo-mail-world.ts (routing only): ${ms(t)}`);
t = performance.now();
const { startMailLab } = await import('@mailhound/mail-lab');
console.log(`first demo lookup: import @mailhound/mail-lab (dns2, smtp-server): ${ms(t)}`);
t = performance.now();
const { demoMailWorldSpec } = await import(
  '../../apps/server/src/features/search/demo-mail-world-spec.ts'
);
const spec = demoMailWorldSpec();
const mailboxes = spec.domains.reduce((sum, domain) => sum + (domain.mailboxes?.length ?? 0), 0);
console.log(
  `  build the world from the demo data (${spec.domains.length} domains, ${mailboxes} mailboxes): ${ms(t)}`,
);
t = performance.now();
const lab = await startMailLab(spec);
console.log(`  start its DNS server and ${spec.hosts.length} SMTP host(s): ${ms(t)}`);
await lab.close();

const heapBefore = heap();
const config = finderConfig({ resolvers: ['127.0.0.1:9'] });
const finder = createFinder(config, demoWorldPorts(config));
const example = {
  firstName: singleSearchExample.firstName,
  lastName: singleSearchExample.lastName,
  domain: singleSearchExample.company,
};
t = performance.now();
const first = await finder.find(example);
console.log(
  `first Example search (starts the world): ${ms(t)} → ${first.exactEmail} ${first.exactEmailScore}`,
);
t = performance.now();
const again = await finder.find(example);
console.log(`Example search again: ${ms(t)} → ${again.exactEmail} ${again.exactEmailScore}`);

// Strict and catch-all domains (greylisting ones answer after the finder's 1-minute retry).
const sample = spec.domains
  .filter((domain) => domain.kind !== 'greylist')
  .slice(0, 100)
  .flatMap((domain) => (domain.people ?? []).map((person) => ({ domain, person })));
t = performance.now();
const scores = new Map<number, number>();
let right = 0;
let verified = 0;
await finder.findBatch(
  sample.map(({ domain, person }) => ({ ...person, domain: domain.name })),
  {
    onResult: (index, result) => {
      scores.set(result.exactEmailScore, (scores.get(result.exactEmailScore) ?? 0) + 1);
      if (result.exactEmailScore >= 95) {
        verified++;
        if (result.exactEmail === sample[index]!.person.email) right++;
      }
    },
  },
);
console.log(`${sample.length} demo people at 100 domains (batch): ${ms(t)}`);
console.log(
  `  scores: ${[...scores]
    .sort((a, b) => b[0] - a[0])
    .map(([score, n]) => `${score}: ${n}`)
    .join(', ')}`,
);
console.log(`  right at ≥ 95: ${right} / ${verified}`);
await finder.close();
console.log(`heap held by the running world (after GC): ${mb(heap() - heapBefore)}`);
await closeDemoMailWorld();
