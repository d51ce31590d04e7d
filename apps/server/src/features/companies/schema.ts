import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// The company database behind the company pages, the Company and Lead Finders and the
// finder's name → domain resolution. Rows come from `mailhound import` and the demo seed.
export const companies = pgTable(
  'companies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The company page's address (/company/{slug}); kept when a re-import renames the company.
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    // normaliseCompanyName(name): what the resolver and the name filter compare.
    nameNormalised: text('name_normalised').notNull(),
    domain: text('domain').notNull().unique(),
    country: text('country'),
    industry: text('industry'),
    // The source's own name for the industry, when an import gave one ("courier", "retailing"):
    // finer than the product's list, so the look-alike engine ranks companies sharing it first.
    sourceIndustry: text('source_industry'),
    employees: integer('employees'),
    foundedYear: integer('founded_year'),
    revenueMin: bigint('revenue_min', { mode: 'number' }),
    revenueMax: bigint('revenue_max', { mode: 'number' }),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    logoUrl: text('logo_url'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('companies_name_trgm').using('gin', table.nameNormalised.op('gin_trgm_ops')),
    index('companies_industry').on(table.industry),
    index('companies_source_industry').on(table.sourceIndustry),
    index('companies_country').on(table.country),
    index('companies_employees').on(table.employees),
    index('companies_founded_year').on(table.foundedYear),
    // The look-alike job's check for companies changed since their vectors were computed.
    index('companies_updated_at').on(table.updatedAt),
    index('companies_industry_country').on(table.industry, table.country),
    index('companies_country_employees').on(table.country, table.employees),
    index('companies_industry_employees').on(table.industry, table.employees),
  ],
);

export const people = pgTable(
  'people',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fname: text('fname'),
    lname: text('lname'),
    jobTitle: text('job_title'),
    // The title classifier's ids (contracts' departmentIds and seniorityIds).
    department: text('department').notNull(),
    seniority: text('seniority').notNull(),
    location: text('location'),
    linkedinUrl: text('linkedin_url'),
    phone: text('phone'),
    // Copies of the company's filter columns (written with the person and again when a
    // re-import changes the company), so a Lead Finder search filters one table.
    companyIndustry: text('company_industry'),
    companyCountry: text('company_country'),
    companyEmployees: integer('company_employees'),
    companyFoundedYear: integer('company_founded_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A re-import updates the person instead of adding a twin; a missing name or title is
    // one value here, not a new person each time. Leads with company_id also use it.
    unique('people_identity')
      .on(table.companyId, table.fname, table.lname, table.jobTitle)
      .nullsNotDistinct(),
    index('people_department').on(table.department),
    index('people_seniority').on(table.seniority),
    index('people_job_title_trgm').using('gin', table.jobTitle.op('gin_trgm_ops')),
    index('people_industry_department').on(table.companyIndustry, table.department),
    index('people_country_seniority').on(table.companyCountry, table.seniority),
    index('people_seniority_employees').on(table.seniority, table.companyEmployees),
    index('people_department_seniority').on(table.department, table.seniority),
  ],
);
