import {
  authMessages,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  COOLDOWN_MS,
  type CurrentUser,
  type DeleteAccountPayload,
  type LoginPayload,
  type PasswordChangePayload,
  type ProfileUpdatePayload,
  type ResetPasswordPayload,
  type SignUpPayload,
  type VerifyEmailPayload,
  validationMessages,
} from '@mailhound/contracts';
import type { AuthUser } from '../../platform/auth-hook.ts';
import type { Tx } from '../../platform/database.ts';
import {
  badRequest,
  conflict,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors.ts';
import type { FeatureDeps, RateLimits } from '../../platform/http.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { Limit } from '../../platform/rate-limit.ts';
import { applyCreditEntry, findDefaultPlan, type Plan, planGrantKey } from '../credits/index.ts';
import { isDisposableEmail } from './disposable-domains.ts';
import type { OidcIdentity, OidcProvider } from './google.ts';
import { hashSecret, newResetToken, newVerificationCode, sameHash } from './one-time-secrets.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as queries from './queries.ts';
import { mailTexts, serverMessages } from './server-messages.ts';

// Sign-in with Google needs the identity provider; absent, it answers 503.
export type AuthDeps = FeatureDeps & { oidc: OidcProvider | undefined };

const RESET_TTL_MS = 60 * 60_000;
const OIDC_STATE_TTL_SECONDS = 600;
const DEFAULT_REDIRECT = '/search/single';

// Attempts are counted before the password is checked (so parallel guesses cannot slip past
// the limit) and forgiven by a success. An account's failures are counted per client address;
// the ceiling over all addresses stops guessing spread over many of them.
function passwordLimits(limits: RateLimits) {
  const window = { windowMs: limits.windowMs, refusal: serverMessages.tooManyAttempts };
  return {
    loginPerIp: { bucket: 'login-ip', max: limits.loginPerIp, ...window },
    loginPerAccountIp: { bucket: 'login-account-ip', max: limits.loginPerAccountIp, ...window },
    loginPerAccount: { bucket: 'login-account', max: limits.loginPerAccount, ...window },
    passwordChange: { bucket: 'password-change', max: limits.passwordChecks, ...window },
    accountDeletion: { bucket: 'account-deletion', max: limits.passwordChecks, ...window },
  } satisfies Record<string, Limit>;
}

function secondsLeft(since: Date, now: Date, cooldownMs: number): number {
  return Math.max(1, Math.ceil((since.getTime() + cooldownMs - now.getTime()) / 1000));
}

async function requireDefaultPlan(tx: Tx): Promise<Plan> {
  const plan = await findDefaultPlan(tx);
  if (!plan) throw new Error('no default plan: run the migrations');
  return plan;
}

// New accounts start with the default plan's monthly credits.
async function grantPlanCredits(tx: Tx, userId: string, plan: Plan, now: Date): Promise<void> {
  await applyCreditEntry(tx, {
    userId,
    kind: 'plan_grant',
    amount: plan.rules.credits,
    leadAmount: plan.rules.lead_search_credits,
    idempotencyKey: planGrantKey(userId, now),
  });
}

async function issueCode(deps: AuthDeps, tx: Tx, userId: string, now: Date): Promise<string> {
  const code = newVerificationCode();
  await queries.insertCode(tx, {
    userId,
    codeHash: hashSecret(code, deps.config.jwtSecret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

async function mailCode(deps: AuthDeps, to: string, code: string): Promise<void> {
  await deps.mailer.send({
    to,
    subject: mailTexts.verificationSubject,
    text: mailTexts.verificationBody(code),
  });
}

export function signToken(
  deps: AuthDeps,
  user: Pick<queries.UserRow, 'id' | 'loginProvider' | 'tokenVersion'>,
) {
  return deps.tokens.sign({ sub: user.id, auth: user.loginProvider, ver: user.tokenVersion });
}

export async function signUp(
  deps: AuthDeps,
  payload: SignUpPayload,
  log: (error: unknown) => void,
): Promise<{ id: string; username: string }> {
  if (isDisposableEmail(payload.username)) throw conflict(authMessages.disposableEmail);
  const passwordHash = await hashPassword(payload.password);
  const now = deps.clock.now();
  let created: { id: string; username: string; code: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      if (await queries.findUserByEmail(tx, payload.username)) {
        throw badRequest(authMessages.accountExists);
      }
      const plan = await requireDefaultPlan(tx);
      const user = await queries.insertUser(tx, {
        username: payload.username,
        passwordHash,
        fname: payload.fname,
        lname: payload.lname,
        status: 'not verified',
        properties: { sections: [...deps.config.defaultSections] },
        loginProvider: 'local',
        planId: plan.id,
      });
      await grantPlanCredits(tx, user.id, plan, now);
      const code = await issueCode(deps, tx, user.id, now);
      return { id: user.id, username: user.username, code };
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index answers for the second.
    if (isUniqueViolation(error)) throw badRequest(authMessages.accountExists);
    throw error;
  }
  // The account exists now: a mail failure must not turn into an error that makes the user
  // sign up again ('This account already exists'); they can ask for a new code.
  await mailCode(deps, created.username, created.code).catch(log);
  return { id: created.id, username: created.username };
}

export async function logIn(
  deps: AuthDeps,
  payload: LoginPayload,
  ip: string,
): Promise<{ token: string }> {
  const limits = passwordLimits(deps.rateLimits);
  const account = payload.username.toLowerCase();
  const accountFromIp = `${account} ${ip}`;
  await deps.rateLimiter.consume(limits.loginPerIp, ip);
  await deps.rateLimiter.consume(limits.loginPerAccountIp, accountFromIp);
  await deps.rateLimiter.ensureBelow(limits.loginPerAccount, account);
  const user = await queries.findUserByEmail(deps.db, payload.username);
  const valid = await verifyPassword(user?.passwordHash, payload.password);
  if (!user || !valid) {
    await deps.rateLimiter.record(limits.loginPerAccount, account);
    throw unauthorized(authMessages.wrongCredentials);
  }
  await deps.rateLimiter.clear(limits.loginPerAccountIp, accountFromIp);
  return { token: await signToken(deps, user) };
}

export async function verifyEmail(
  deps: AuthDeps,
  payload: VerifyEmailPayload,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const user = await queries.findUserByEmail(tx, payload.username);
    if (!user) return serverMessages.codeWrong;
    if (user.status === 'active') return serverMessages.alreadyVerified;
    const code = await queries.latestCode(tx, user.id, { lock: true });
    if (!code || code.expiresAt <= now) return serverMessages.codeExpired;
    if (code.failedAttempts >= CODE_MAX_ATTEMPTS) return serverMessages.codeDead;
    if (!sameHash(code.codeHash, hashSecret(payload.code, deps.config.jwtSecret))) {
      // The count is committed even though the answer is an error.
      const failed = await queries.recordWrongCode(tx, code.id);
      return failed >= CODE_MAX_ATTEMPTS ? serverMessages.codeDead : serverMessages.codeWrong;
    }
    await queries.markCodeUsed(tx, code.id, now);
    await queries.updateUser(tx, user.id, { status: 'active' });
    return undefined;
  });
  if (outcome) throw badRequest(outcome);
  return { message: serverMessages.emailVerified };
}

export async function resendVerificationCode(
  deps: AuthDeps,
  username: string,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const code = await deps.db.transaction(async (tx) => {
    const user = await queries.findUserByEmail(tx, username);
    // Unknown addresses get the same answer and no mail.
    if (!user) return undefined;
    if (user.status === 'active') throw badRequest(serverMessages.alreadyVerified);
    const previous = await queries.latestCode(tx, user.id, { lock: true });
    if (previous && now.getTime() - previous.createdAt.getTime() < COOLDOWN_MS) {
      const wait = secondsLeft(previous.createdAt, now, COOLDOWN_MS);
      throw tooManyRequests(serverMessages.codeCooldown(wait), wait);
    }
    return { to: user.username, code: await issueCode(deps, tx, user.id, now) };
  });
  if (code) await mailCode(deps, code.to, code.code);
  return { message: authMessages.codeResent };
}

export async function forgotPassword(
  deps: AuthDeps,
  email: string,
  log: (error: unknown) => void,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const slot = await queries.claimResetRequest(deps.db, email, now, COOLDOWN_MS);
  if (!slot.claimed) {
    const wait = secondsLeft(slot.previous ?? now, now, COOLDOWN_MS);
    throw tooManyRequests(serverMessages.resetCooldown(wait), wait);
  }
  const user = await queries.findUserByEmail(deps.db, email);
  if (user) {
    const token = newResetToken();
    await queries.insertReset(deps.db, {
      userId: user.id,
      tokenHash: hashSecret(token, deps.config.jwtSecret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    // A mail failure is logged, not answered: the answer must not differ for known addresses.
    await deps.mailer
      .send({ to: user.username, subject: mailTexts.resetSubject, text: mailTexts.resetBody(link) })
      .catch(log);
  }
  // The same answer whether or not the account exists.
  return { message: authMessages.resetLinkSent };
}

export async function resetPassword(
  deps: AuthDeps,
  payload: ResetPasswordPayload,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(payload.password);
  const done = await deps.db.transaction(async (tx) => {
    const reset = await queries.takeUsableReset(
      tx,
      hashSecret(payload.token, deps.config.jwtSecret),
      now,
    );
    if (!reset) return false;
    // Reading the link proves the mailbox is the user's, so an unverified account is verified.
    await queries.updateUser(
      tx,
      reset.userId,
      { passwordHash, status: 'active' },
      { bumpTokenVersion: true },
    );
    await queries.closeResets(tx, reset.userId, now);
    return true;
  });
  if (!done) throw badRequest(authMessages.linkExpired);
  return { message: serverMessages.passwordReset };
}

export function toCurrentUser(row: queries.CurrentUserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    fname: row.fname,
    lname: row.lname,
    status: row.status,
    properties: { sections: row.properties.sections ?? [] },
    loginProvider: row.loginProvider,
    guestUserId: row.guestUserId,
    plan: { name: row.planName, is_default: row.planIsDefault },
    userCredits: {
      balanceAvailable: (row.balance ?? 0) - (row.onHold ?? 0),
      leadSearchBalance: row.leadSearchBalance ?? 0,
    },
  };
}

export async function getCurrentUser(deps: AuthDeps, userId: string): Promise<CurrentUser> {
  const row = await queries.readCurrentUser(deps.db, userId);
  if (!row) throw unauthorized(authMessages.unauthorized);
  return toCurrentUser(row);
}

export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  payload: ProfileUpdatePayload,
): Promise<CurrentUser> {
  await queries.updateUser(deps.db, userId, { fname: payload.fname, lname: payload.lname });
  return getCurrentUser(deps, userId);
}

export async function changePassword(
  deps: AuthDeps,
  authUser: AuthUser,
  payload: PasswordChangePayload,
): Promise<{ token: string }> {
  const user = await queries.findUserById(deps.db, authUser.id);
  if (!user) throw unauthorized(authMessages.unauthorized);
  const limit = passwordLimits(deps.rateLimits).passwordChange;
  await deps.rateLimiter.consume(limit, user.id);
  if (!(await verifyPassword(user.passwordHash, payload.oldPassword))) {
    throw badRequest(authMessages.wrongOldPassword);
  }
  await deps.rateLimiter.clear(limit, user.id);
  const updated = await queries.updateUser(
    deps.db,
    user.id,
    { passwordHash: await hashPassword(payload.newPassword) },
    { bumpTokenVersion: true },
  );
  if (!updated) throw unauthorized(authMessages.unauthorized);
  return { token: await signToken(deps, updated) };
}

export async function deleteAccount(
  deps: AuthDeps,
  authUser: AuthUser,
  payload: DeleteAccountPayload,
): Promise<{ message: string }> {
  const user = await queries.findUserById(deps.db, authUser.id);
  if (!user) throw unauthorized(authMessages.unauthorized);
  // Identity-provider users confirm without a password (product-spec §5).
  if (user.loginProvider !== 'google') {
    if (!payload.password) throw badRequest(validationMessages.passwordRequired);
    await deps.rateLimiter.consume(passwordLimits(deps.rateLimits).accountDeletion, user.id);
    if (!(await verifyPassword(user.passwordHash, payload.password))) {
      throw badRequest(authMessages.wrongPasswordOnDelete);
    }
  }
  await deps.db.transaction((tx) => queries.deleteUser(tx, user));
  return { message: authMessages.accountDeleted };
}

// Google sign-in.

function oidcProvider(deps: AuthDeps) {
  if (!deps.oidc) throw serviceUnavailable(serverMessages.googleUnavailable);
  return deps.oidc;
}

const oidcRedirectUri = (deps: AuthDeps) => `${deps.config.publicUrl}/auth/login`;

export async function googleAuthorizeUrl(
  deps: AuthDeps,
  redirectUrl: string | undefined,
): Promise<{ url: string }> {
  const provider = oidcProvider(deps);
  const state = await deps.tokens.signValue(
    'oidc-state',
    { redirectUrl: redirectUrl ?? DEFAULT_REDIRECT },
    OIDC_STATE_TTL_SECONDS,
  );
  try {
    return { url: await provider.authorizeUrl({ redirectUri: oidcRedirectUri(deps), state }) };
  } catch {
    throw serviceUnavailable(serverMessages.googleUnavailable);
  }
}

export async function googleLogIn(
  deps: AuthDeps,
  payload: { code: string; state?: string | undefined },
  log: (error: unknown) => void,
): Promise<{ token: string }> {
  const provider = oidcProvider(deps);
  if (payload.state !== undefined) {
    const state = await deps.tokens.verifyValue('oidc-state', payload.state);
    if (!state) throw unauthorized(authMessages.googleFailed);
  }
  let identity: OidcIdentity;
  try {
    identity = await provider.exchange({
      redirectUri: oidcRedirectUri(deps),
      code: payload.code,
      state: payload.state,
    });
  } catch (error) {
    log(error);
    throw unauthorized(authMessages.googleFailed);
  }
  const user = await findOrCreateGoogleUser(deps, identity);
  return { token: await signToken(deps, user) };
}

async function findOrCreateGoogleUser(deps: AuthDeps, identity: OidcIdentity) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const known =
      (await queries.findUserByOidcSubject(tx, identity.subject)) ??
      (await queries.findUserByEmail(tx, identity.email));
    if (known) {
      // An existing e-mail account is linked: the issuer has verified that address.
      const linked = await queries.updateUser(tx, known.id, {
        oidcSubject: identity.subject,
        loginProvider: 'google',
        status: 'active',
      });
      return linked ?? known;
    }
    const plan = await requireDefaultPlan(tx);
    const user = await queries.insertUser(tx, {
      username: identity.email,
      passwordHash: null,
      fname: identity.givenName,
      lname: identity.familyName,
      status: 'active',
      properties: { sections: [...deps.config.defaultSections] },
      loginProvider: 'google',
      oidcSubject: identity.subject,
      planId: plan.id,
    });
    await grantPlanCredits(tx, user.id, plan, now);
    return user;
  });
}
