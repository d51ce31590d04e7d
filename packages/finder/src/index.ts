export { runFinderCli } from './cli.ts';
export {
  type FinderConfig,
  type FinderConfigInput,
  finderConfig,
  finderConfigFromEnv,
  finderConfigSchema,
} from './config.ts';
export {
  type CatchAllProbe,
  type Clock,
  createFinder,
  type Finder,
  type FinderEvidence,
  type FinderPorts,
  type FindInput,
  type FindResult,
  type LookupOptions,
  normaliseDomain,
  type ProgressEvent,
  systemClock,
} from './finder.ts';
export { type AddressFlags, flagsFor } from './flags.ts';
export { findMailRoute, type MailHost, type MailRoute, noMxError } from './mail-route.ts';
export { foldAccents, nameVariants, nameWords } from './names.ts';
export {
  createMemoryPatternStore,
  isKnownPattern,
  noPattern,
  type PatternConfidence,
  type PatternKnowledge,
  type PatternObservation,
  type PatternStore,
  wilsonLowerBound,
} from './pattern-knowledge.ts';
export { type Candidate, candidatesFor, patternKind, patterns } from './patterns.ts';
export { createDnsResolver, type DnsResult, type MxRecord, type Resolver } from './resolver.ts';
export { type CandidateEvidence, scoreFind, scoreTexts, scoreVerify } from './score.ts';
export { classifyRcpt, type SmtpReply } from './smtp-reply.ts';
export { netSmtpProbe, type SmtpProbe, type SmtpSession } from './smtp-session.ts';
