import {
  companyAnswerSchema,
  companyMessages,
  companySearchAnswerSchema,
  decisionMakersAnswerSchema,
  employeeStatsAnswerSchema,
  errorAnswerSchema,
  filterPageQuerySchema,
  similarCompaniesAnswerSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser } from '../../platform/access.ts';
import { tokenRequired } from '../../platform/auth-hook.ts';
import { notFound } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import {
  companyAnswer,
  decisionMakers,
  employeesStats,
  findCompany,
  similarCompanies,
} from './company-info.ts';
import { searchCompanies } from './company-search.ts';
import { parseFilterQuery } from './filters.ts';

const nameParams = z.object({ name: z.string().min(1).max(300) });
const notFoundAnswer = { 404: errorAnswerSchema };

// The company-info API (/api/company, public) and the Company Finder (/api/companies).
export function registerCompanyRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  async function companyNamed(name: string) {
    const company = await findCompany(deps.db, name);
    if (!company) throw notFound(companyMessages.notFound);
    return company;
  }

  typed.get(
    '/company/companies/:name',
    {
      schema: {
        tags: ['companies'],
        summary: 'A company by its slug or domain (public company page)',
        params: nameParams,
        response: { 200: companyAnswerSchema, ...notFoundAnswer },
      },
    },
    async (request) => companyAnswer(await companyNamed(request.params.name)),
  );

  typed.get(
    '/company/companies/:name/employeesStats',
    {
      schema: {
        tags: ['companies'],
        summary: 'People per department at the company',
        params: nameParams,
        response: { 200: employeeStatsAnswerSchema, ...notFoundAnswer },
      },
    },
    async (request) => employeesStats(deps.db, (await companyNamed(request.params.name)).id),
  );

  typed.get(
    '/company/companies/:name/leadTitles',
    {
      schema: {
        tags: ['companies'],
        summary: 'Key decision makers: job titles with masked e-mail and phone',
        params: nameParams,
        response: { 200: decisionMakersAnswerSchema, ...notFoundAnswer },
      },
    },
    async (request) => decisionMakers(deps.db, await companyNamed(request.params.name)),
  );

  typed.get(
    '/company/companies/:name/similarCompanies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Related businesses: same industry group, nearest size and country first',
        params: nameParams,
        response: { 200: similarCompaniesAnswerSchema, ...notFoundAnswer },
      },
    },
    async (request) => similarCompanies(deps.db, await companyNamed(request.params.name)),
  );

  typed.get(
    '/companies/search',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['companies'],
        summary: 'Company Finder: one page of companies matching the filters',
        description:
          'Each filter is a query parameter holding JSON (contracts `filtersToQuery`), e.g. `?industry=["computer_software"]&employees=["51-200"]&page=1&perPage=10`.',
        security: tokenRequired,
        querystring: filterPageQuerySchema.loose(),
        response: {
          200: companySearchAnswerSchema,
          400: errorAnswerSchema,
          401: errorAnswerSchema,
          403: errorAnswerSchema,
        },
      },
    },
    async (request) => {
      const filters = parseFilterQuery(request.query);
      const { page, perPage } = request.query;
      return searchCompanies(deps.db, filters, { page, perPage });
    },
  );
}
