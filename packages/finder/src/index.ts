export type { CatchAllProbe } from './catch-all-cache.ts';
export { runFinderCli } from './cli.ts';
export { type Clock, systemClock } from './clock.ts';
export {
  evidenceView,
  type FinderConfig,
  type FinderConfigInput,
  finderConfig,
  finderConfigFromEnv,
  finderConfigSchema,
} from './config.ts';
export {
  createFinder,
  type Finder,
  type FinderPorts,
  type LookupOptions,
  type ProgressEvent,
} from './finder.ts';
export { type AddressFlags, flagsFor } from './flags.ts';
export type { FinderEvidence, FindResult } from './lookup-result.ts';
export { type FindInput, normaliseDomain } from './lookup-rows.ts';
export { findMailRoute, type MailHost, type MailRoute, noMxError } from './mail-route.ts';
export { foldAccents, nameVariants, nameWords, ownerKey, transliterations } from './names.ts';
export {
  type AddressOwner,
  type Bounced,
  bouncedOf,
  bouncingDomain,
  createMemoryPatternStore,
  deliveredAfterHours,
  type EvidenceView,
  everyObservation,
  evidenceFor,
  isKnownForPeople,
  isKnownPattern,
  knowledgeFrom,
  knowledgeOf,
  legacyObserver,
  noPattern,
  type ObservationCount,
  type ObservationSource,
  observationSources,
  observationWeights,
  ownersOf,
  type PatternConfidence,
  type PatternKnowledge,
  type PatternObservation,
  type PatternStore,
  type PersonConfidence,
  patternPosterior,
  posteriorModel,
  type RecordedObservation,
  replacesObservation,
  wilsonLowerBound,
} from './pattern-knowledge.ts';
export { type Candidate, candidatesFor, patternKind, patterns } from './patterns.ts';
export { createDnsResolver, type DnsResult, type MxRecord, type Resolver } from './resolver.ts';
export { type CandidateEvidence, scoreFind, scoreTexts, scoreVerify } from './score.ts';
export { classifyRcpt, type SmtpReply } from './smtp-reply.ts';
export { netSmtpProbe, type SmtpProbe, type SmtpSession } from './smtp-session.ts';
