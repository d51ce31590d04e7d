import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type LoginProvider,
  plans,
  type UserStatus,
  users,
} from '../../platform/account-schema.ts';
import type { Queryable } from '../../platform/database.ts';
import { creditAccounts } from '../credits/schema.ts';
import { passwordResetRequests, passwordResets, verificationCodes } from './schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${email.toLowerCase()}`);
  return user;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByOidcSubject(
  db: Queryable,
  subject: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return user;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateUser(
  db: Queryable,
  id: string,
  changes: Partial<{
    fname: string;
    lname: string;
    status: UserStatus;
    passwordHash: string;
    loginProvider: LoginProvider;
    oidcSubject: string;
  }>,
  options: { bumpTokenVersion?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...changes,
      ...(options.bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// Rows keyed by user id go with the user (ON DELETE CASCADE); rows keyed by address are
// deleted here.
export async function deleteUser(db: Queryable, user: { id: string; username: string }) {
  await db.delete(passwordResetRequests).where(eq(passwordResetRequests.email, user.username));
  await db.delete(users).where(eq(users.id, user.id));
}

export type CurrentUserRow = UserRow & {
  planName: string;
  planIsDefault: boolean;
  balance: number | null;
  onHold: number | null;
  leadSearchBalance: number | null;
};

export async function readCurrentUser(
  db: Queryable,
  id: string,
): Promise<CurrentUserRow | undefined> {
  const [row] = await db
    .select({
      user: users,
      planName: plans.name,
      planIsDefault: plans.isDefault,
      balance: creditAccounts.balance,
      onHold: creditAccounts.onHold,
      leadSearchBalance: creditAccounts.leadSearchBalance,
    })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const { user, ...rest } = row;
  return { ...user, ...rest };
}

// Verification codes: only the newest unused code of a user counts.

export type CodeRow = typeof verificationCodes.$inferSelect;

export async function latestCode(
  db: Queryable,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CodeRow | undefined> {
  const query = db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertCode(
  db: Queryable,
  code: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  // A new code replaces the previous ones.
  await db
    .update(verificationCodes)
    .set({ usedAt: code.createdAt })
    .where(and(eq(verificationCodes.userId, code.userId), isNull(verificationCodes.usedAt)));
  await db.insert(verificationCodes).values(code);
}

export async function recordWrongCode(db: Queryable, id: number): Promise<number> {
  const [row] = await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function markCodeUsed(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(verificationCodes).set({ usedAt: at }).where(eq(verificationCodes.id, id));
}

// Password resets.

// Claims the cooldown slot of an address: true when the previous request is older than the
// cooldown (or there is none). One statement, so two concurrent requests cannot both pass.
export async function claimResetRequest(
  db: Queryable,
  email: string,
  now: Date,
  cooldownMs: number,
): Promise<{ claimed: boolean; previous: Date | undefined }> {
  const claimed = await db
    .insert(passwordResetRequests)
    .values({ email, requestedAt: now })
    .onConflictDoUpdate({
      target: passwordResetRequests.email,
      set: { requestedAt: now },
      setWhere: lte(passwordResetRequests.requestedAt, new Date(now.getTime() - cooldownMs)),
    })
    .returning({ email: passwordResetRequests.email });
  if (claimed.length > 0) return { claimed: true, previous: undefined };
  const [row] = await db
    .select({ requestedAt: passwordResetRequests.requestedAt })
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.email, email));
  return { claimed: false, previous: row?.requestedAt };
}

export async function insertReset(
  db: Queryable,
  reset: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

// The reset row, locked, if it is still usable at `now`.
export async function takeUsableReset(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<typeof passwordResets.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function closeResets(db: Queryable, userId: string, at: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

// Housekeeping: rows that no rule reads any more.
export async function purgeExpiredAuthRows(
  db: Queryable,
  now: Date,
  limits: { cooldownMs: number },
): Promise<void> {
  await db
    .delete(passwordResetRequests)
    .where(lte(passwordResetRequests.requestedAt, new Date(now.getTime() - limits.cooldownMs)));
  await db
    .delete(verificationCodes)
    .where(or(lte(verificationCodes.expiresAt, now), isNotNull(verificationCodes.usedAt)));
  await db
    .delete(passwordResets)
    .where(or(lte(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)));
}
