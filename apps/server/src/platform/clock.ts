// Time is a port: services read it from here so that tests can move it (cooldowns, expiry).
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
