export { createZone, type ZoneAnswer, type ZoneRecord } from './dns-zone.ts';
export { type GenerateLabOptions, generateLab } from './generate-lab.ts';
export { foldName, labLocalPart, labPatternNames } from './lab-patterns.ts';
export type { LabDomain, LabHost, LabMx, LabPerson, LabSpec } from './lab-spec.ts';
export { type Random, seededRandom } from './random.ts';
export type { HostStats, LabStats } from './smtp-hosts.ts';
export {
  buildManifest,
  type LabManifest,
  type MailLab,
  type ManifestPerson,
  startMailLab,
} from './start-mail-lab.ts';
