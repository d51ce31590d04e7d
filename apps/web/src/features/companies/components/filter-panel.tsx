import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyFilters, checkFilterSearch, companyFiltersSchema } from '@mailhound/contracts';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, type FieldError, type Merge, useForm } from 'react-hook-form';
import { countryName, countryNames } from '../country-names.ts';
import {
  departmentOptions,
  type FilterKey,
  pickFilters,
  revenueOptions,
  seniorityOptions,
  sizeOptions,
} from '../filter-fields.ts';
import { industryOptions } from '../industry-options.ts';

type ListKey = Exclude<FilterKey, 'years'>;

// The schema checks each entry of a list (company names, job titles): the first refusal shows.
function listError(
  error: Merge<FieldError, (FieldError | undefined)[]> | undefined,
): string | undefined {
  if (error === undefined) return undefined;
  if (error.message) return error.message;
  for (const entry of Object.values(error)) {
    if (typeof entry === 'object' && entry !== null && 'message' in entry) {
      if (typeof entry.message === 'string') return entry.message;
    }
  }
  return undefined;
}

const emptyForm: Required<CompanyFilters> = {
  companyName: [],
  industry: [],
  locations: [],
  exclude: [],
  employees: [],
  revenue: [],
  jobTitle: [],
  department: [],
  seniority: [],
  years: {},
};

// product-spec §5 "Company filters" and "Filter search rules": each field checked by the
// contracts' schema as the user types, the search rules checked when the user searches.
export function FilterPanel({
  fields,
  defaultValues,
  searching,
  onSearch,
}: {
  fields: readonly FilterKey[];
  defaultValues: CompanyFilters;
  searching: boolean;
  onSearch: (filters: CompanyFilters) => void;
}) {
  const form = useForm({
    resolver: zodResolver(companyFiltersSchema),
    mode: 'onChange',
    defaultValues: { ...emptyForm, ...defaultValues },
  });
  const { errors } = form.formState;
  const [ruleMessage, setRuleMessage] = useState<string | null>(null);
  const shows = (key: FilterKey) => fields.includes(key);

  // A search-rule message speaks of the filters as they were searched: any change (including
  // one that makes a field invalid) takes it away until the next search.
  useEffect(() => {
    const subscription = form.watch(() => setRuleMessage(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit((values) => {
    const filters = pickFilters(values, fields);
    const refusal = checkFilterSearch(filters);
    setRuleMessage(refusal);
    if (refusal === null) onSearch(filters);
  });

  const clear = () => {
    form.reset(emptyForm);
    setRuleMessage(null);
  };

  const tags = (
    key: ListKey,
    label: string,
    placeholder: string,
    suggestions: readonly string[] = [],
    // How a typed entry is written (a location as the country's listed name).
    entry: (typed: string) => string = (typed) => typed,
  ) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field }) => (
        <TagsInput
          label={label}
          placeholder={placeholder}
          value={field.value ?? []}
          onChange={(values) => field.onChange([...new Set(values.map(entry))])}
          onBlur={field.onBlur}
          error={listError(errors[key])}
          data={[...suggestions]}
          limit={8}
          clearable
        />
      )}
    />
  );

  const choices = (
    key: ListKey,
    label: string,
    data: { value: string; label: string }[] | typeof industryOptions,
  ) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field }) => (
        <MultiSelect
          label={label}
          placeholder="Any"
          data={data}
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          searchable
          clearable
          hidePickedOptions
        />
      )}
    />
  );

  const year = (key: 'from' | 'to', label: string) => (
    <Controller
      control={form.control}
      name={`years.${key}`}
      render={({ field }) => (
        <NumberInput
          label={label}
          placeholder="Year"
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
          onBlur={field.onBlur}
          error={errors.years?.[key]?.message}
          allowDecimal={false}
          allowNegative={false}
          // Out-of-range years get the spec's message rather than a silent correction.
          clampBehavior="none"
          hideControls
        />
      )}
    />
  );

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Filters">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shows('jobTitle') && tags('jobTitle', 'Job Title', 'e.g. Head of Sales')}
            {shows('department') && choices('department', 'Department', departmentOptions)}
            {shows('seniority') && choices('seniority', 'Seniority', seniorityOptions)}
            {tags('companyName', 'Company Name', 'e.g. Acme')}
            {choices('industry', 'Industry', industryOptions)}
            {choices('employees', 'Company Size', sizeOptions)}
            {choices('revenue', 'Revenue', revenueOptions)}
            {tags('locations', 'Locations', 'Country, then Enter', countryNames, countryName)}
            {tags('exclude', 'Exclude Locations', 'Country, then Enter', countryNames, countryName)}
            <Fieldset legend="Founded In" variant="unstyled">
              <Group grow align="flex-start" gap="xs">
                {year('from', 'From')}
                {year('to', 'To')}
              </Group>
            </Fieldset>
          </SimpleGrid>
          {ruleMessage && (
            <Alert color="orange" role="alert">
              {ruleMessage}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={searching}>
              Search
            </Button>
            <Button type="button" variant="default" onClick={clear}>
              Clear Filters
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
