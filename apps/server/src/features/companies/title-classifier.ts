import {
  type DepartmentId,
  departmentIds,
  type SeniorityId,
  seniorityIds,
} from '@mailhound/contracts';

// Job title → department and seniority, by rules over normalised tokens.
//
// Departments are where a person works, in the spirit of LinkedIn's job functions:
// - executive: the top of the company (CEO, president, founder, owner, chair, managing director)
// - management: general, project and programme management with no other function named
// - engineering: software, hardware and every engineering discipline
// - it: information technology, systems, networks, security, data administration
// - product, design, sales, marketing, finance, hr, legal: as named
// - media: journalism, writing, editing, broadcasting and production
// - operations: logistics, production, facilities, trades, field and service staff
// - administrative: office, clerical and executive assistance
// - support: customer service and success
// - healthcare, education, research: clinical staff, teaching staff, scientists
// - other: none of these, or no title
// Functional C-level titles go to their function: CTO → engineering, CFO → finance.
//
// Seniority, highest first: owner (founders, owners, partners of a firm), c_level (chief
// officers, president, chair, managing director), vp, head (head of…, chief engineer…),
// director, manager (managers and supervisors), senior (senior, lead, principal, staff),
// entry (junior, trainee, assistant, associate), intern (interns, apprentices, students),
// other (no level word: an individual contributor of unstated level).

// The lists are the Lead Finder's ids, shared with the web's filters.
export const departments = departmentIds;
export type Department = DepartmentId;
export const seniorities = seniorityIds;
export type Seniority = SeniorityId;

export type TitleClass = { department: Department; seniority: Seniority };

const abbreviations = new Map<string, string>(
  Object.entries({
    ceo: 'chief executive officer',
    cto: 'chief technology officer',
    cfo: 'chief financial officer',
    coo: 'chief operating officer',
    cmo: 'chief marketing officer',
    cio: 'chief information officer',
    ciso: 'chief information security officer',
    cso: 'chief security officer',
    chro: 'chief human resources officer',
    cpo: 'chief product officer',
    cro: 'chief revenue officer',
    cco: 'chief commercial officer',
    cdo: 'chief data officer',
    clo: 'chief legal officer',
    cno: 'chief nursing officer',
    cmio: 'chief medical information officer',
    vp: 'vicepresident',
    svp: 'senior vicepresident',
    evp: 'executive vicepresident',
    avp: 'assistant vicepresident',
    gm: 'general manager',
    md: 'managing director',
    sr: 'senior',
    snr: 'senior',
    jr: 'junior',
    jnr: 'junior',
    mgr: 'manager',
    mngr: 'manager',
    dir: 'director',
    eng: 'engineer',
    engr: 'engineer',
    asst: 'assistant',
    assoc: 'associate',
    admin: 'administrator',
    sysadmin: 'system administrator',
    exec: 'executive',
    dev: 'developer',
    devops: 'devops engineer',
    swe: 'software engineer',
    sde: 'software engineer',
    sre: 'site reliability engineer',
    qa: 'quality assurance',
    hr: 'human resources',
    hrbp: 'human resources business partner',
    it: 'information technology',
    ops: 'operations',
    mktg: 'marketing',
    acct: 'accountant',
    bd: 'business development',
    bdr: 'business development representative',
    sdr: 'sales development representative',
    ae: 'account executive',
    csm: 'customer success manager',
    rn: 'registered nurse',
    lpn: 'licensed practical nurse',
    pr: 'public relations',
    ux: 'user experience',
    ui: 'user interface',
    coord: 'coordinator',
    supv: 'supervisor',
    tech: 'technician',
  }),
);

// "sales" and "sale", "engineers" and "engineer" are the same word to the rules.
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function titleTokens(title: string): string[] {
  const plain = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replaceAll('&', ' and ')
    .replace(/\bco[-\s]?found/g, 'cofound')
    .replace(/\be[-\s]?(commerce|learning|mail)/g, 'e$1')
    .replace(/\bc[-\s]level\b/g, 'clevel')
    .replace(/\bvice[-\s]presid/g, 'vicepresid')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return plain
    .split(' ')
    .filter((word) => word !== '')
    .flatMap((word) => (abbreviations.get(word) ?? word).split(' '))
    .map(stem);
}

type Rule = { phrase: string[]; department: Department; weight: number };

const rules: Rule[] = [];

// Weights: 4 occupations that name the department whatever qualifies them ("Nursing
// Instructor" teaches); 3 function words ("Sales Engineer" sells, "Marketing Manager");
// 2 job nouns ("Plant Engineer" engineers); 1 the domain worked in ("Water Treatment Operator"
// operates, but "Water Specialist" still says something).
function add(department: Department, weight: number, phrases: string): void {
  for (const phrase of phrases.split(',')) {
    // Rules read like titles, abbreviations included, so they go through the same tokens.
    const words = titleTokens(phrase);
    if (words.length > 0) rules.push({ phrase: words, department, weight });
  }
}

add(
  'executive',
  3,
  `chief executive officer, chief executive, president, chairman, chairwoman, chairperson,
  chair of the board, board member, managing director, founder, cofounder, owner, proprietor,
  managing partner, executive director, chief of staff, clevel, entrepreneur`,
);
add(
  'management',
  2,
  `general manager, project manager, program manager, programme manager, project management,
  program management, project coordinator, project director, project leader, project lead,
  program director, program coordinator, project officer, management consultant,
  management analyst, business manager`,
);
add('management', 1, 'project, program, programme, management, business');
add(
  'engineering',
  3,
  `software, engineering, programming, devops, frontend, backend, front end, back end,
  full stack, fullstack, firmware, embedded, machine learning, site reliability,
  quality assurance, chief technology officer, research and development, computer science,
  drafting, surveying, mechatronic, robotic, aerospace, calibration, metrology, blockchain,
  video game, web developer, web design, data science, operations research, product engineer,
  product development engineer, communications engineer, computer engineer,
  computer hardware, hardware engineer, electrical, electronic, mechanical, civil engineer,
  structural, automation, instrumentation, aeronautical, photonic, optical, nanotechnology`,
);
add(
  'engineering',
  2,
  `developer, programmer, coder, tester, architect, drafter,
  draftsman, surveyor, cartographer, photogrammetrist, geodesist, metallurgist, statistician,
  mathematician, data scientist, data engineer, biostatistician, cryptographer, cryptanalyst,
  data modeler, machine learning engineer, aerodynamicist, bioengineer, detailer,
  engineering technician, engineering technologist, engineering assistant, ergonomist,
  data analyst, quantitative analyst`,
);
add('engineering', 1, 'technical, technology, data, test, testing, cad, gis');
add('engineering', 3, 'design engineer, designer engineer, engineering designer');
// An engineer engineers whatever the field ("Facilities Engineer"), except where the field is
// the job: sales engineers sell, support and network engineers run IT.
add('engineering', 4, 'engineer');
add('sales', 4, 'sales engineer, presales engineer, pre sales engineer, solution engineer');
add(
  'it',
  4,
  `support engineer, network engineer, security engineer, cloud engineer, system engineer,
  information technology engineer, infrastructure engineer, telecommunication engineer,
  database engineer, desktop engineer`,
);
add(
  'it',
  3,
  `information technology, information system, information security, cybersecurity,
  cyber security, cyber, network, networking, system administrator, system analyst,
  database, help desk, helpdesk, desktop support, technical support, computer support,
  user support, network support, support analyst, application support,
  it support, it support specialist, it specialist, it technician,
  infrastructure, computer system, computer, cloud, telecommunication, data warehouse,
  data warehousing, business intelligence, web administrator, webmaster, website,
  chief information officer, chief information security officer, chief data officer,
  information officer, informatics, informaticist, informatician,
  document management, records management, digital forensic, erp, sap, crm administrator,
  data center, data administrator, data management, data security, sharepoint, windows,
  linux, unix, web, internet, penetration, threat, vulnerability, security analyst,
  security administrator, security specialist`,
);
add('it', 1, 'security, system, digital, electronic data, data processing');
add(
  'product',
  3,
  `product manager, product management, product owner, chief product officer, product lead,
  head of product, product director, product development manager, product analyst,
  product specialist, product strategist`,
);
add('product', 1, 'product');
add(
  'design',
  3,
  `user experience, user interface, art director, creative director, product designer,
  interior designer, graphic designer, fashion designer, web designer, user research`,
);
add(
  'design',
  2,
  `designer, illustrator, artist, animator, photographer, sculptor, painter artist,
  cartoonist, calligrapher, florist, decorator, window trimmer, stylist, musician, singer,
  composer, actor, actress, dancer, choreographer, performer, entertainer, comedian, magician,
  athlete, player, coach, umpire, referee, scout, jockey, disc jockey, dj, conductor,
  orchestra, band, model, clown, acrobat, puppeteer, arranger, organist, pianist, guitarist,
  drummer, vocalist, golfer, boxer, wrestler, skater, skier, racer, official sports`,
);
add(
  'design',
  1,
  `design, graphic, art, arts, creative, visual, fashion, animation, music, musical, craft,
  display, floral, theatre, theater, stage, dance, sport, game, athletic`,
);
add(
  'sales',
  3,
  `sales, salesperson, salesman, saleswoman, selling, account executive, account manager,
  key account, business development, business developer, sales development, inside sales,
  chief revenue officer, chief commercial officer, telemarketer, telemarketing, telesales,
  pre sales, presales, retail sales, cashier, realtor, real estate agent, leasing agent,
  insurance agent, travel agent, sales representative, sales associate, sales agent`,
);
add(
  'sales',
  2,
  `broker, dealer, merchant, vendor, peddler, demonstrator, auctioneer, canvasser,
  merchandiser, solicitor sales, route sales, counter clerk, rental clerk, salesclerk,
  estimator sales, distributor, hawker, door to door, sales clerk, retail clerk, store clerk`,
);
add('sales', 1, 'revenue, commercial, retail, store, channel, partnership, account');
add('executive', 1, 'partner');
add('sales', 3, 'channel partner, partner manager, alliance');
add('management', 2, 'assistant manager');
// Common leadership titles in other languages a lead database carries.
add(
  'executive',
  3,
  'geschaftsfuhrer, director general, directeur general, presidente, pdg, inhaber, fundador',
);
add(
  'marketing',
  3,
  `marketing, marketer, brand, branding, advertising, advertisement, promotion, promotional,
  public relations, communications, social media, seo, sem, search marketing, search engine,
  content marketing, growth, demand generation, campaign, event planner, meeting planner,
  event, convention, market research, market analyst, publicist, media relations,
  copywriter, chief marketing officer, fundraiser, fundraising, development officer, donor,
  sponsorship, digital marketing, ecommerce, online merchant, community manager,
  spokesperson, public affairs, product marketing, press officer, promoter`,
);
add('marketing', 1, 'market, meeting, conference, wedding, party');
add(
  'finance',
  3,
  `finance, financial, accounting, accountant, accounts payable, accounts receivable, audit,
  auditor, controller, comptroller, treasurer, treasury, tax, taxation, payroll, bookkeeper,
  bookkeeping, billing, budget, credit, loan, lending, underwriter, underwriting, investment,
  investor relations, portfolio, banker, banking, teller, chief financial officer,
  financial planner, financial advisor, wealth, risk, actuarial, actuary, appraiser,
  assessor, claims, adjuster, collector, collection, cost estimator, estimator,
  economist, revenue agent, fraud, mortgage, securities, trader, trading, cash, fiscal,
  pension, annuity, valuation, price analyst, pricing, cost analyst, cost engineer, invoice`,
);
add('finance', 1, 'bank, fund, capital, equity, insurance, cost, price, money, stock, bond');
add(
  'hr',
  3,
  `human resources, people operations, talent, talent acquisition,
  recruiter, recruiting, recruitment, staffing, personnel, employee relations, labor relations,
  labour relations, industrial relations, compensation, benefits, training and development,
  learning and development, training, trainer, onboarding, workforce, employment,
  chief human resources officer, chief people officer, diversity, equal opportunity,
  job analyst, organizational development, hris, career, employee, union, job placement,
  employer relations, labor, labour, head of people, people partner`,
);
add('hr', 1, 'people, job');
add(
  'legal',
  4,
  `lawyer, attorney, counsel, general counsel, paralegal, solicitor, barrister, notary,
  judge, magistrate, arbitrator, mediator, conciliator, litigator, legal assistant,
  legal secretary, law clerk, title examiner, title searcher, abstractor, hearing officer,
  adjudicator, justice, juror, bailiff, prosecutor, public defender, conveyancer, ombudsman,
  jurist, legal counsel, judicial, hearing examiner, appeals officer, title officer,
  escrow officer`,
);
add(
  'legal',
  3,
  `legal, compliance, regulatory, regulatory affair, contract, contracts manager, litigation,
  intellectual property, patent, trademark, privacy, law`,
);
add('legal', 1, 'court, legislative, policy');
add(
  'media',
  2,
  `journalist, reporter, correspondent, editor, writer, author, poet, novelist, columnist,
  proofreader, publisher, broadcaster, announcer, anchor, producer, cinematographer,
  cameraman, camera operator, blogger, podcaster, translator, interpreter, captioner,
  court reporter, technical writer, desktop publisher, stenographer, critic, commentator,
  narrator, screenwriter, scriptwriter, lyricist, playwright, director of photography,
  presenter, host radio, newscaster, videographer, filmmaker, sound engineer, audio engineer,
  lighting technician, broadcast technician, projectionist, copy editor`,
);
add(
  'media',
  1,
  `editorial, publishing, broadcast, broadcasting, radio, television, tv, news, film, video,
  camera, sound, audio, lighting, media, multimedia, content, podcast, documentation,
  motion picture, movie, recording, script, story, literary, language, print`,
);
add(
  'operations',
  3,
  `operations, logistics, supply chain, warehouse, warehousing, inventory, shipping,
  receiving, distribution, fulfillment, fulfilment, procurement, sourcing, purchasing,
  purchaser, buyer, facilities, facility, maintenance, chief operating officer,
  quality control, field service, fleet, dispatch, dispatcher, loss prevention, continuity,
  expediter, expeditor, production planner, production control, material handling`,
);
add('operations', 0.5, 'operator, technician, technologist, inspector, attendant, worker, helper');
add('administrative', 0.5, 'assistant, coordinator, clerk, aide');
add('sales', 0.5, 'representative, agent');
add(
  'operations',
  2,
  `machinist, mechanic, installer, repairer, repairman,
  assembler, security guard, security officer, guard, driver, chauffeur, courier, pilot,
  captain, sailor, deckhand, trucker, loader, mover, packer, packager, picker, stocker,
  welder, fabricator, fitter, pipefitter, plumber, electrician, carpenter, mason,
  bricklayer, roofer, painter, plasterer, glazier, tiler, builder, laborer, labourer, crew, foreman, tradesman, craftsperson, millwright, boilermaker, ironworker, miner,
  driller, lineman, line installer, farmer, farmworker, rancher, grower, harvester, fisher,
  fisherman, logger, forester, gardener, groundskeeper, landscaper, janitor, custodian,
  cleaner, housekeeper, caretaker, porter, cook, chef, baker, butcher, dishwasher, server,
  waiter, waitress, bartender, barista, host, hostess, caterer, brewer, distiller, tender,
  setter, cutter, maker, finisher, grinder, polisher, mixer, molder, moulder, presser,
  printer, sewer, stitcher, tailor, seamstress, weaver, knitter, spinner, dyer, upholsterer,
  winder, trimmer, sorter, grader, sander, buffer, sawyer, turner, caster, forger, smelter,
  checker, gauger, weigher, sampler, filler, feeder, puller, stripper, former, roller, bender,
  framer, splicer, extruder, coater, plater, etcher, engraver, jeweler, optician,
  woodworker, cabinetmaker, line worker, production worker, meter reader, mail carrier,
  postmaster, messenger, valet, usher, lifeguard, crossing guard, exterminator,
  locksmith, vulcanizer, handyman, rigger, brakeman, stevedore, longshoreman, conductor train,
  scheduler, planner, handler, hand, operative, machine, repair, slaughterer, trapper,
  hunter, herder, breeder, milker, shearer, planter, picker fruit, inspector quality,
  dredger, blaster, excavator, paver, glazer, insulator, dryer, washer, cleaner machine,
  laundry, presser laundry, wrapper, boner, slicer, peeler, roaster, candler, taster`,
);
add(
  'operations',
  1,
  `operating, production, manufacturing, plant, factory, assembly, installation,
  inspection, safety, construction, cleaning, housekeeping, kitchen, food, dining, restaurant,
  hotel, lodging, catering, meat, dough, bakery, tire, paint, coating, glass, water,
  wastewater, power plant, utility, oil, gas, mining, drilling, extraction, quarry, farm,
  agricultural, agriculture, crop, livestock, fish, timber, freight, cargo, truck,
  transport, transportation, transit, rail, railroad, railway, aviation, flight, airline,
  aircraft, ship, vessel, marine, port, postal, mail, parking, pest, hvac, refrigeration,
  elevator, boiler, furnace, kiln, oven, mill, foundry, casting, forge, refinery, process,
  processing, treatment, pipeline, engine, locomotive, signal, switch, deck, route, press,
  printing, sewing, textile, upholstery, lathe, machining, welding, weld, plastic, rubber,
  metal, steel, wood, lumber, paper, chemical operator, quality, field, site, shop,
  warehouse worker, vehicle, automotive, motor, equipment, tool, die, mold, mould, furniture,
  shoe, garment, fabric, yarn, leather, stone, concrete, cement, brick, tile, roof,
  landscape, grounds, lawn, tree, pool, boat, bus, taxi, delivery, moving`,
);
add(
  'administrative',
  3,
  `administrative, administrative assistant, executive assistant, personal assistant,
  secretary, receptionist, front desk, office manager, office assistant, clerical, typist,
  word processor, data entry, keyer, file clerk, mail clerk, switchboard, telephone operator,
  desk clerk, transcriptionist, office clerk, records clerk, secretarial`,
);
add(
  'administrative',
  1,
  `administration, office, records, filing, interviewer,
  eligibility, registrar, scheduler administrative, correspondence, document control`,
);
add(
  'support',
  3,
  `customer service, customer support, customer success, customer care, customer experience,
  client service, client success, support specialist, support representative, support agent,
  call center, call centre, contact center, contact centre, help line, service representative,
  concierge, guest service, patient representative, complaint`,
);
add('support', 1, 'customer, client, support, service');
add(
  'healthcare',
  4,
  `nurse, physician, doctor, surgeon, therapist, pharmacist, dentist, hygienist, orthodontist,
  optometrist, ophthalmologist, radiologist, sonographer, paramedic, midwife, psychiatrist,
  psychologist, psychotherapist, counselor, counsellor, social worker, caseworker,
  veterinarian, chiropractor, podiatrist, audiologist, dietitian, dietician, nutritionist,
  phlebotomist, anesthesiologist, anesthetist, cardiologist, dermatologist, neurologist,
  pediatrician, pathologist, oncologist, urologist, obstetrician, gynecologist, physiatrist,
  internist, hospitalist, orthotist, prosthetist, caregiver, care worker, care assistant,
  home health aide, personal care aide, nursing assistant, medical assistant, dental assistant,
  pharmacy technician, medical technologist, epidemiologist, cytotechnologist,
  histotechnologist, dosimetrist, acupuncturist, massage therapist, masseur, masseuse,
  athletic trainer, emergency medical technician, physiologist, physiotherapist,
  genetic counselor, clergy, pastor, minister, priest, chaplain, rabbi, imam, nun, monk,
  deacon, missionary, evangelist, medic, optician dispensing, orderly, chief medical officer,
  chief nursing officer, clinician, practitioner, surgical technologist, medical doctor`,
);
add(
  'healthcare',
  2,
  `nursing, medical, medicine, clinical, clinic, health, healthcare, hospital, patient, therapy,
  pharmacy, dental, radiology, radiologic, psychiatric, veterinary, surgical, cardiovascular,
  respiratory, pediatric, rehabilitation, mental health, substance abuse, addiction,
  hospice, dialysis, endoscopy, sterile, wellness, fitness, welfare, social service,
  human service, family service, community health, behavioral, youth worker, child care,
  childcare, religious, ministry, church, spiritual, pastoral, social, case manager, casework,
  diagnostic, laboratory medical, ophthalmic, optometric, orthopedic, ems, emt,
  trauma, cardiac, neuro, oncology, recovery, crisis, counseling, counselling, advocate, care,
  anesthesia, blood, cytology, histology, pathology, serology, hematology, immunology,
  echocardiogram, echocardiography, electroencephalogram, eeg, ekg, ecg, mri, ct, ultrasound,
  mammography, nuclear medicine, radiation therapy, sleep, diet, dietary, dietetic,
  nutrition, hearing, vision, optical dispensing, cardiology, dermatology, neurology,
  obstetric, gynecology, pulmonary, infection, surgery, catheterization,
  phlebotomy, telemetry, orthopaedic, podiatric, chiropractic, osteopath, osteopathic,
  geriatrician, neurosurgeon, diagnostician, psychoanalyst, endodontist, periodontist,
  otolaryngologist, cytologist, hematologist, immunologist, allergist, gastroenterologist,
  nephrologist, rheumatologist, endocrinologist, pulmonologist, apothecary, resident`,
);
add(
  'education',
  4,
  `teacher, professor, lecturer, instructor, educator, tutor, headteacher, headmaster,
  headmistress, dean, librarian, archivist, curator, docent, teaching assistant, provost,
  chancellor, guidance counselor, school counselor, career counselor, academic advisor,
  school psychologist, conservator, school principal`,
);
add(
  'education',
  2,
  `teaching, education, educational, tutoring, school, faculty, academic, academy,
  university, college, kindergarten, preschool, classroom, curriculum, instructional, library,
  museum, student affairs, admissions, pedagogy, literacy, exhibit`,
);
add(
  'research',
  2,
  `researcher, scientist, biologist, chemist, physicist, astronomer, geologist, geoscientist,
  geophysicist, hydrologist, meteorologist, climatologist, ecologist, botanist, zoologist,
  microbiologist, biochemist, biophysicist, geneticist, anthropologist, archeologist,
  archaeologist, sociologist, historian, political scientist, geographer, survey researcher,
  agronomist, conservationist, environmental scientist, research assistant, postdoctoral,
  postdoc, food scientist, naturalist, oceanographer, seismologist, volcanologist,
  entomologist, toxicologist, pharmacologist, bioinformatician, research associate,
  research fellow, laboratory technician, lab technician, research technician,
  chemical technician, biological technician, nuclear technician, geological technician,
  forensic scientist, criminalist, demographer, linguist, psychometrician, ethnographer,
  paleontologist, mineralogist, petrologist, limnologist, ornithologist, ichthyologist`,
);
add(
  'research',
  1,
  `research, science, scientific, laboratory, lab, biology, chemistry, physics, epidemiology,
  conservation, environmental, forensic, wildlife, remote sensing, bioinformatics, geology,
  soil, plant science, ecology, climate, atmospheric, nuclear, genetic, molecular`,
);

const agentNoun = /(er|or|man|men)$/;

const maxPhraseLength = Math.max(...rules.map((rule) => rule.phrase.length));
const ruleIndex = new Map<string, Rule[]>();
for (const rule of rules) {
  const key = rule.phrase.join(' ');
  ruleIndex.set(key, [...(ruleIndex.get(key) ?? []), rule]);
}

function departmentOf(tokens: string[], seniority: Seniority): Department {
  let best: { score: number; start: number; department: Department } | undefined;
  for (let start = 0; start < tokens.length; start++) {
    for (let length = 1; length <= maxPhraseLength && start + length <= tokens.length; length++) {
      const matched = ruleIndex.get(tokens.slice(start, start + length).join(' '));
      for (const rule of matched ?? []) {
        // The stronger rule wins, then the longer phrase, then the later one (the head noun).
        const score = rule.weight * 10 + length;
        if (!best || score >= best.score) best = { score, start, department: rule.department };
      }
    }
  }
  if (best) return best.department;
  if (!['other', 'senior', 'entry', 'intern'].includes(seniority)) return 'management';
  // Unknown trades are mostly "<material> <doer>": a chuck splitter, a yeast tender.
  return agentNoun.test(tokens.at(-1) ?? '') ? 'operations' : 'other';
}

const intern = new Set(['intern', 'internship', 'apprentice', 'apprenticeship', 'student']);
const owner = new Set([
  'owner',
  'founder',
  'cofounder',
  'proprietor',
  'cofounding',
  'inhaber',
  'fondateur',
  'fundador',
  'grunder',
]);
const localDirector = new Set(['directeur', 'direktor', 'diretor', 'directora', 'direttore']);
const localManager = new Set(['gerente', 'leiter', 'responsable']);
const partnerLevels = new Set(['managing', 'senior', 'equity', 'founding', 'name', 'general']);
const senior = new Set(['senior', 'lead', 'principal', 'staff', 'expert']);
const entry = new Set(['junior', 'trainee', 'graduate', 'entry', 'assistant', 'associate']);

function seniorityOf(tokens: string[]): Seniority {
  const has = (word: string) => tokens.includes(word);
  const hasPhrase = (phrase: string) => ` ${tokens.join(' ')} `.includes(` ${phrase} `);
  if (tokens.some((word) => intern.has(word))) return 'intern';
  if (tokens.some((word) => owner.has(word))) return 'owner';
  const last = tokens.at(-1);
  if (last === 'partner' && (tokens.length === 1 || partnerLevels.has(tokens.at(-2) ?? ''))) {
    return 'owner';
  }
  const chief = tokens.indexOf('chief');
  const chiefOfficer = chief >= 0 && tokens.indexOf('officer', chief) > chief;
  const vicePresident = tokens.some((word) => word.startsWith('vicepresid'));
  const vice = has('vice') || vicePresident;
  if (
    (chiefOfficer && !hasPhrase('chief of staff')) ||
    hasPhrase('chief executive') ||
    (has('president') && !vice) ||
    has('chairman') ||
    has('chairwoman') ||
    has('chairperson') ||
    hasPhrase('managing director') ||
    hasPhrase('board member') ||
    has('geschaftsfuhrer') ||
    has('pdg') ||
    hasPhrase('director general') ||
    hasPhrase('directeur general') ||
    (has('presidente') && !vice) ||
    hasPhrase('clevel')
  ) {
    return 'c_level';
  }
  if (vicePresident || (vice && has('chair'))) return 'vp';
  if (has('head') || chief >= 0) return 'head';
  if (
    has('director') ||
    tokens.some((word) => localDirector.has(word)) ||
    has('dean') ||
    hasPhrase('school principal') ||
    last === 'principal'
  ) {
    return 'director';
  }
  if (
    has('manager') ||
    has('management') ||
    has('supervisor') ||
    has('superintendent') ||
    has('foreman') ||
    has('forewoman') ||
    has('forelady') ||
    has('boss') ||
    tokens.some((word) => localManager.has(word))
  ) {
    return 'manager';
  }
  if (tokens.some((word) => senior.has(word))) return 'senior';
  if (tokens.some((word) => entry.has(word))) return 'entry';
  return 'other';
}

export function classifyTitle(title: string): TitleClass {
  const tokens = titleTokens(title);
  const seniority = seniorityOf(tokens);
  return { department: departmentOf(tokens, seniority), seniority };
}
