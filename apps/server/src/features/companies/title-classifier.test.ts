import { describe, expect, it } from 'vitest';
import { classifyTitle, departments, seniorities, titleTokens } from './title-classifier.ts';

// Common titles a lead database is full of, with the department and level a user filtering
// for them expects.
const table: [string, string, string][] = [
  ['Chief Executive Officer', 'executive', 'c_level'],
  ['CEO', 'executive', 'c_level'],
  ['Founder & CEO', 'executive', 'owner'],
  ['Co-Founder and CTO', 'engineering', 'owner'],
  ['Owner', 'executive', 'owner'],
  ['President', 'executive', 'c_level'],
  ['Chairman of the Board', 'executive', 'c_level'],
  ['Managing Director', 'executive', 'c_level'],
  ['Managing Partner', 'executive', 'owner'],
  ['CTO', 'engineering', 'c_level'],
  ['Chief Financial Officer', 'finance', 'c_level'],
  ['CMO', 'marketing', 'c_level'],
  ['COO', 'operations', 'c_level'],
  ['Chief Information Officer', 'it', 'c_level'],
  ['Chief Human Resources Officer', 'hr', 'c_level'],
  ['Chief Revenue Officer', 'sales', 'c_level'],
  ['VP of Sales', 'sales', 'vp'],
  ['Vice President, Marketing', 'marketing', 'vp'],
  ['SVP Engineering', 'engineering', 'vp'],
  ['EVP, Finance', 'finance', 'vp'],
  ['Head of People', 'hr', 'head'],
  ['Head of Product', 'product', 'head'],
  ['Director of Engineering', 'engineering', 'director'],
  ['Sales Director', 'sales', 'director'],
  ['Creative Director', 'design', 'director'],
  ['Engineering Manager', 'engineering', 'manager'],
  ['Marketing Manager', 'marketing', 'manager'],
  ['Product Manager', 'product', 'manager'],
  ['Senior Product Manager', 'product', 'manager'],
  ['Project Manager', 'management', 'manager'],
  ['General Manager', 'management', 'manager'],
  ['HR Manager', 'hr', 'manager'],
  ['Office Manager', 'administrative', 'manager'],
  ['Customer Success Manager', 'support', 'manager'],
  ['Account Manager', 'sales', 'manager'],
  ['Production Supervisor', 'operations', 'manager'],
  ['Senior Software Engineer', 'engineering', 'senior'],
  ['Sr. Software Eng.', 'engineering', 'senior'],
  ['Software Engineer', 'engineering', 'other'],
  ['Lead Frontend Developer', 'engineering', 'senior'],
  ['Principal Data Scientist', 'engineering', 'senior'],
  ['Staff Engineer', 'engineering', 'senior'],
  ['DevOps Engineer', 'engineering', 'other'],
  ['Junior Web Developer', 'engineering', 'entry'],
  ['QA Tester', 'engineering', 'other'],
  ['IT Support Specialist', 'it', 'other'],
  ['Network Administrator', 'it', 'other'],
  ['Information Security Analyst', 'it', 'other'],
  ['UX Designer', 'design', 'other'],
  ['Graphic Designer', 'design', 'other'],
  ['Account Executive', 'sales', 'other'],
  ['Sales Development Representative', 'sales', 'other'],
  ['SDR', 'sales', 'other'],
  ['Sales Engineer', 'sales', 'other'],
  ['Digital Marketing Specialist', 'marketing', 'other'],
  ['Content Marketing Manager', 'marketing', 'manager'],
  ['Marketing Intern', 'marketing', 'intern'],
  ['Software Engineering Intern', 'engineering', 'intern'],
  ['Accountant', 'finance', 'other'],
  ['Senior Financial Analyst', 'finance', 'senior'],
  ['Payroll Specialist', 'finance', 'other'],
  ['Talent Acquisition Partner', 'hr', 'other'],
  ['Recruiter', 'hr', 'other'],
  ['HR Business Partner', 'hr', 'other'],
  ['General Counsel', 'legal', 'other'],
  ['Paralegal', 'legal', 'other'],
  ['Executive Assistant', 'administrative', 'entry'],
  ['Receptionist', 'administrative', 'other'],
  ['Customer Service Representative', 'support', 'other'],
  ['Registered Nurse', 'healthcare', 'other'],
  ['Physician', 'healthcare', 'other'],
  ['High School Teacher', 'education', 'other'],
  ['Professor of Computer Science', 'education', 'other'],
  ['Research Scientist', 'research', 'other'],
  ['Journalist', 'media', 'other'],
  ['Warehouse Associate', 'operations', 'entry'],
  ['Logistics Coordinator', 'operations', 'other'],
  ['Truck Driver', 'operations', 'other'],
  ['Machine Operator', 'operations', 'other'],
  ['Partner', 'executive', 'owner'],
  ['Channel Partner Manager', 'sales', 'manager'],
  ['Assistant Manager', 'management', 'manager'],
  ['Geschäftsführer', 'executive', 'c_level'],
  ['Directeur Général', 'executive', 'c_level'],
  ['Vicepresidente de Ventas', 'management', 'vp'],
];

describe('classifyTitle', () => {
  it.each(table)('%s → %s, %s', (title, department, seniority) => {
    expect(classifyTitle(title)).toEqual({ department, seniority });
  });

  it('answers from the fixed lists for any input, empty included', () => {
    for (const title of ['', '   ', '???', 'Zyxw Qrst', 'constructor', '🙂']) {
      const { department, seniority } = classifyTitle(title);
      expect(departments).toContain(department);
      expect(seniorities).toContain(seniority);
    }
    expect(classifyTitle('')).toEqual({ department: 'other', seniority: 'other' });
  });

  it('ignores case, accents, punctuation and explanations in brackets', () => {
    expect(classifyTitle('DIRECTEUR FINANCIER')).toEqual(classifyTitle('directeur financier'));
    expect(classifyTitle('Sr. Mgr, Marketing')).toEqual(classifyTitle('Senior Manager Marketing'));
    expect(classifyTitle('RN (Registered Nurse)')).toEqual(classifyTitle('RN'));
  });

  it('expands the usual abbreviations', () => {
    expect(titleTokens('Sr. VP, HR & Ops')).toEqual([
      'senior',
      'vicepresident',
      'human',
      'resource',
      'and',
      'operation',
    ]);
  });
});
