import { campaignNameSchema, campaignStepSchema, type EmailTemplate } from '@mailhound/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { isId } from '../../platform/paging.ts';
import { emailTemplates } from './schema.ts';

export const templateNotFound = 'Template not found';
export const templateDeleted = 'The template was deleted.';

// A saved step: the step's own subject and body rules, and a name like a campaign's.
export const templateCreateSchema = z
  .object({
    name: campaignNameSchema,
    subject: campaignStepSchema.shape.subject,
    body: campaignStepSchema.shape.body,
  })
  .strict();
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

type TemplateRow = typeof emailTemplates.$inferSelect;

function answerOf(row: TemplateRow): EmailTemplate {
  return { id: row.id, name: row.name, subject: row.subject, body: row.body };
}

export async function createTemplate(db: Db, userId: string, payload: TemplateCreate) {
  const [row] = await db
    .insert(emailTemplates)
    .values({ userId, ...payload })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return answerOf(row);
}

export async function listTemplates(db: Db, userId: string): Promise<EmailTemplate[]> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.userId, userId))
    .orderBy(desc(emailTemplates.createdAt), emailTemplates.id);
  return rows.map(answerOf);
}

export async function readTemplate(db: Db, userId: string, id: string): Promise<EmailTemplate> {
  if (!isId(id)) throw notFound(templateNotFound);
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)));
  if (!row) throw notFound(templateNotFound);
  return answerOf(row);
}

export async function deleteTemplate(db: Db, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw notFound(templateNotFound);
  const deleted = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId)))
    .returning({ id: emailTemplates.id });
  if (deleted.length === 0) throw notFound(templateNotFound);
}
