import { singleSearchExample } from '@mailhound/contracts';
import { createFinder, finderConfig } from '@mailhound/finder';
import { generateDemoData } from '../../apps/server/src/features/companies/demo-data.ts';
import { demoCompanyOptions } from '../../apps/server/src/features/companies/demo-seed.ts';
import {
  closeDemoMailWorld,
  demoMailWorldSpec,
  demoWorldPorts,
} from '../../apps/server/src/features/search/demo-mail-world.ts';

// npm run bench:demo-world — what the embedded demo mail world costs: nothing at start-up (it
// starts on the first demo lookup), then its parts on that first lookup, and a sample of demo
// people found through the server's own routed ports.
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`;
const rssBefore = process.memoryUsage().rss;

let t = performance.now();
const { startMailLab } = await import('@mailhound/mail-lab');
console.log(`import @mailhound/mail-lab (dns2, smtp-server): ${ms(t)}`);
t = performance.now();
const companies = [...generateDemoData(demoCompanyOptions)];
console.log(`generate the ${companies.length} demo companies: ${ms(t)}`);
t = performance.now();
const spec = demoMailWorldSpec(companies, demoCompanyOptions.seed);
const mailboxes = spec.domains.reduce((sum, domain) => sum + (domain.mailboxes?.length ?? 0), 0);
console.log(`build the world (${spec.domains.length} domains, ${mailboxes} mailboxes): ${ms(t)}`);
t = performance.now();
const lab = await startMailLab(spec);
console.log(`start its DNS server and ${spec.hosts.length} SMTP hosts: ${ms(t)}`);
await lab.close();

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
console.log(`RSS growth: ${mb(process.memoryUsage().rss - rssBefore)}`);
await finder.close();
await closeDemoMailWorld();
