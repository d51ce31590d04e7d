import { contactListSchema, contactVerificationSchema, PAGE_SIZE } from '@mailhound/contracts';
import { z } from 'zod';

// Answers of the mail service's contact calls (api-spec §7 "Contacts (mail service API)"), read
// as the web sees them.

// Ids travel back to the server as the server sent them (text or number).
const idSchema = z.union([z.string(), z.number()]);
export type MailId = z.infer<typeof idSchema>;

export const noteItemSchema = z.object({ id: idSchema, text: z.string(), created: z.string() });
export type ContactNote = z.infer<typeof noteItemSchema>;

const fieldValueSchema = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((value) => (value === null ? '' : String(value)));

export const customerSchema = z.object({
  id: idSchema,
  email: z.string(),
  fname: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  lname: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  additional_fields: z
    .record(z.string(), fieldValueSchema)
    .nullish()
    .transform((v) => v ?? {}),
  tags: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  notes: z
    .array(noteItemSchema)
    .nullish()
    .transform((v) => v ?? []),
  created: z.string().optional(),
  verification: contactVerificationSchema.optional(),
});
export type Customer = z.infer<typeof customerSchema>;

const pagingShape = {
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int().default(PAGE_SIZE),
  total_count: z.number().int(),
};

export const listGroupSchema = contactListSchema.extend({ id: idSchema });
export type ListGroup = z.infer<typeof listGroupSchema>;

export const groupPageSchema = z.object({ groups: z.array(listGroupSchema), ...pagingShape });
export type GroupPage = z.infer<typeof groupPageSchema>;

export const groupCustomersPageSchema = z.object({
  customers: z.array(customerSchema),
  ...pagingShape,
});
export type GroupCustomersPage = z.infer<typeof groupCustomersPageSchema>;

export const groupExtendedSchema = groupCustomersPageSchema.extend({
  group: listGroupSchema,
  columns: z.array(z.string()),
});
export type GroupExtended = z.infer<typeof groupExtendedSchema>;

export const tagSchema = z.object({ id: idSchema, name: z.string() });

export const additionalFieldSchema = z.object({ id: idSchema, name: z.string() });

export const copyAnswerSchema = z.object({ copied: z.number().int() });
