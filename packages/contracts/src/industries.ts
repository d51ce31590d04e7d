// The product's own industry list, in the spirit of LinkedIn's: ids are lower-case with
// underscores (shown through industryLabel), each in one group. `terms` are words a company of
// the industry uses about itself; the demo data builds descriptions from them so that text
// similarity between peers means something. Shared by the server (import, filters, demo data)
// and the web (the finders' industry multi-select).

export const industryGroups = [
  'agriculture',
  'arts',
  'construction',
  'consumer_goods',
  'corporate_services',
  'design',
  'education',
  'energy',
  'finance',
  'government',
  'healthcare',
  'hospitality',
  'legal',
  'manufacturing',
  'media',
  'nonprofit',
  'real_estate',
  'recreation',
  'retail',
  'technology',
  'transportation',
] as const;
export type IndustryGroup = (typeof industryGroups)[number];

export type Industry = {
  id: string;
  group: IndustryGroup;
  terms: readonly string[];
};

function group(name: IndustryGroup, entries: Record<string, readonly string[]>): Industry[] {
  return Object.entries(entries).map(([id, terms]) => ({ id, group: name, terms }));
}

export const industries: readonly Industry[] = [
  ...group('agriculture', {
    farming: ['crops', 'harvest', 'farmland', 'growers', 'soil', 'yield'],
    dairy: ['milk', 'cheese', 'herds', 'creamery', 'dairy farms'],
    fishery: ['fishing fleet', 'seafood', 'aquaculture', 'catch', 'fisheries'],
    ranching: ['cattle', 'livestock', 'grazing', 'beef', 'ranch'],
    agricultural_technology: ['precision agriculture', 'crop sensors', 'agronomy', 'farm data'],
    forestry: ['timber', 'forests', 'logging', 'reforestation', 'woodland'],
  }),
  ...group('arts', {
    fine_art: ['paintings', 'sculpture', 'gallery', 'artists', 'exhibitions'],
    performing_arts: ['theatre', 'stage', 'performances', 'dance', 'productions'],
    music: ['recording', 'artists', 'albums', 'concerts', 'label'],
    museums_and_institutions: ['collections', 'exhibits', 'heritage', 'curators', 'visitors'],
    photography: ['photo shoots', 'studio', 'portraits', 'images', 'photographers'],
    entertainment: ['shows', 'audiences', 'live events', 'entertainment', 'talent'],
    animation: ['animated films', 'characters', 'studio', 'storyboards', 'rendering'],
  }),
  ...group('construction', {
    construction: ['building projects', 'contractors', 'sites', 'general contracting'],
    civil_engineering: ['bridges', 'roads', 'infrastructure', 'earthworks', 'tunnels'],
    building_materials: ['cement', 'concrete', 'bricks', 'timber', 'insulation'],
    architecture_planning: ['architects', 'building design', 'urban planning', 'blueprints'],
    plumbing_and_hvac: ['heating', 'ventilation', 'plumbing', 'air conditioning', 'boilers'],
    electrical_contracting: ['wiring', 'electricians', 'installations', 'switchgear'],
  }),
  ...group('consumer_goods', {
    consumer_goods: ['household products', 'brands', 'consumers', 'packaged goods'],
    consumer_electronics: ['devices', 'headphones', 'smart home', 'gadgets', 'televisions'],
    apparel_fashion: ['clothing', 'collections', 'fashion', 'garments', 'designers'],
    cosmetics: ['skincare', 'beauty', 'makeup', 'fragrance', 'cosmetics'],
    food_production: ['food products', 'ingredients', 'recipes', 'packaged food', 'snacks'],
    food_and_beverages: ['drinks', 'beverages', 'bottling', 'flavours', 'refreshments'],
    wine_and_spirits: ['wine', 'vineyards', 'spirits', 'distillery', 'cellar'],
    tobacco: ['tobacco', 'cigars', 'leaf', 'blends', 'smokers'],
    luxury_goods_jewelry: ['jewelry', 'watches', 'luxury', 'diamonds', 'craftsmanship'],
    sporting_goods: ['sports equipment', 'athletes', 'footwear', 'outdoor gear', 'bikes'],
    furniture: ['furniture', 'sofas', 'tables', 'interiors', 'woodwork'],
  }),
  ...group('corporate_services', {
    management_consulting: ['strategy', 'consultants', 'transformation', 'advisory', 'clients'],
    human_resources: ['hr services', 'payroll', 'benefits', 'employee experience', 'hr'],
    staffing_and_recruiting: ['recruitment', 'candidates', 'hiring', 'talent', 'placements'],
    accounting: ['bookkeeping', 'audits', 'tax returns', 'accountants', 'financial statements'],
    marketing_and_advertising: [
      'campaigns',
      'brand strategy',
      'advertising',
      'agency',
      'media buying',
    ],
    public_relations: ['press', 'communications', 'media relations', 'reputation', 'pr'],
    market_research: ['surveys', 'consumer insights', 'panels', 'research', 'analysis'],
    outsourcing_offshoring: ['outsourcing', 'delivery centres', 'back office', 'offshore teams'],
    facilities_services: ['cleaning', 'maintenance', 'facility management', 'buildings'],
    security_and_investigations: [
      'security guards',
      'investigations',
      'surveillance',
      'protection',
    ],
    translation_localization: ['translation', 'localization', 'languages', 'interpreters'],
    events_services: ['events', 'conferences', 'venues', 'event planning', 'attendees'],
    business_supplies: ['office supplies', 'stationery', 'equipment', 'business supplies'],
    professional_training_coaching: ['training', 'coaching', 'workshops', 'leadership', 'courses'],
    executive_office: ['executive office', 'leadership', 'board', 'governance'],
  }),
  ...group('design', {
    design: ['design studio', 'branding', 'visual identity', 'design'],
    graphic_design: ['graphic design', 'logos', 'layouts', 'illustration', 'typography'],
    interior_design: ['interiors', 'spaces', 'furnishing', 'decor', 'interior design'],
    industrial_design: ['product design', 'prototypes', 'ergonomics', 'industrial design'],
  }),
  ...group('education', {
    primary_secondary_education: ['schools', 'pupils', 'teachers', 'classrooms', 'curriculum'],
    higher_education: ['university', 'students', 'research', 'faculty', 'degrees'],
    education_management: ['education', 'school management', 'learning', 'administration'],
    e_learning: ['online courses', 'e-learning', 'learners', 'learning platform', 'lessons'],
    research: ['research', 'laboratories', 'scientists', 'studies', 'publications'],
    libraries: ['libraries', 'books', 'archives', 'catalogue', 'readers'],
  }),
  ...group('energy', {
    oil_energy: ['oil', 'gas', 'drilling', 'exploration', 'refining'],
    renewables_environment: ['solar', 'wind', 'renewable energy', 'clean energy', 'sustainability'],
    utilities: ['electricity', 'water', 'grid', 'utility', 'customers'],
    mining_metals: ['mining', 'ore', 'metals', 'extraction', 'quarries'],
    environmental_services: ['waste', 'recycling', 'remediation', 'environmental services'],
    nuclear_energy: ['nuclear', 'reactors', 'power plants', 'fuel', 'safety'],
  }),
  ...group('finance', {
    banking: ['banking', 'accounts', 'loans', 'deposits', 'branches'],
    financial_services: ['financial services', 'payments', 'lending', 'wealth', 'clients'],
    investment_banking: ['mergers', 'acquisitions', 'capital markets', 'underwriting', 'deals'],
    investment_management: ['asset management', 'funds', 'portfolios', 'investors', 'returns'],
    venture_capital_private_equity: ['venture capital', 'startups', 'private equity', 'funds'],
    insurance: ['insurance', 'policies', 'claims', 'underwriting', 'coverage'],
    capital_markets: ['trading', 'securities', 'markets', 'brokerage', 'liquidity'],
    fintech: ['fintech', 'payments', 'digital banking', 'api', 'cards'],
  }),
  ...group('government', {
    government_administration: ['public services', 'government', 'citizens', 'administration'],
    public_policy: ['policy', 'legislation', 'public affairs', 'research', 'advocacy'],
    military: ['defense', 'armed forces', 'military', 'operations', 'logistics'],
    defense_space: ['aerospace', 'defense systems', 'satellites', 'space', 'missiles'],
    law_enforcement: ['police', 'public safety', 'law enforcement', 'investigations'],
    international_affairs: ['diplomacy', 'international relations', 'embassies', 'treaties'],
    public_safety: ['emergency services', 'fire', 'rescue', 'public safety'],
  }),
  ...group('healthcare', {
    hospital_health_care: ['hospital', 'patients', 'clinical care', 'physicians', 'nurses'],
    medical_practice: ['clinic', 'patients', 'doctors', 'appointments', 'primary care'],
    medical_devices: ['medical devices', 'implants', 'diagnostics', 'clinicians', 'regulatory'],
    pharmaceuticals: ['drugs', 'clinical trials', 'medicines', 'therapies', 'pharma'],
    biotechnology: ['biotech', 'genomics', 'therapeutics', 'laboratory', 'molecules'],
    mental_health_care: ['mental health', 'therapy', 'counselling', 'wellbeing', 'patients'],
    health_wellness_fitness: ['fitness', 'wellness', 'gyms', 'nutrition', 'training'],
    veterinary: ['animals', 'pets', 'veterinary care', 'clinics', 'vets'],
    alternative_medicine: ['holistic care', 'acupuncture', 'natural remedies', 'wellbeing'],
    health_technology: ['health data', 'telemedicine', 'patient records', 'digital health'],
  }),
  ...group('hospitality', {
    hospitality: ['hotels', 'guests', 'hospitality', 'stays', 'service'],
    restaurants: ['restaurants', 'dining', 'chefs', 'menus', 'kitchen'],
    food_services: ['catering', 'meals', 'food service', 'canteens', 'kitchens'],
    leisure_travel_tourism: ['travel', 'tours', 'holidays', 'destinations', 'bookings'],
    gambling_casinos: ['casino', 'gaming', 'betting', 'players', 'resort'],
  }),
  ...group('legal', {
    law_practice: ['law firm', 'litigation', 'counsel', 'attorneys', 'clients'],
    legal_services: ['legal services', 'contracts', 'compliance', 'legal advice'],
    alternative_dispute_resolution: ['mediation', 'arbitration', 'disputes', 'settlements'],
    judiciary: ['courts', 'judges', 'justice', 'hearings', 'rulings'],
  }),
  ...group('manufacturing', {
    automotive: ['vehicles', 'cars', 'automotive parts', 'assembly', 'dealers'],
    aviation_aerospace: ['aircraft', 'aviation', 'avionics', 'airframes', 'flight'],
    chemicals: ['chemicals', 'compounds', 'polymers', 'specialty chemicals', 'plants'],
    electrical_electronic_manufacturing: [
      'electronics',
      'circuit boards',
      'components',
      'assembly',
    ],
    industrial_automation: ['automation', 'robots', 'controls', 'factories', 'plc'],
    machinery: ['machinery', 'equipment', 'engineering', 'machines', 'parts'],
    mechanical_industrial_engineering: [
      'mechanical engineering',
      'design',
      'prototypes',
      'tooling',
    ],
    plastics: ['plastics', 'injection moulding', 'packaging', 'resins', 'polymers'],
    packaging_containers: ['packaging', 'containers', 'boxes', 'labels', 'cartons'],
    paper_forest_products: ['paper', 'pulp', 'wood products', 'mills', 'forests'],
    textiles: ['textiles', 'fabrics', 'yarn', 'weaving', 'mills'],
    semiconductors: ['chips', 'semiconductors', 'wafers', 'fabs', 'silicon'],
    shipbuilding: ['ships', 'shipyard', 'vessels', 'hulls', 'marine'],
    glass_ceramics_concrete: ['glass', 'ceramics', 'concrete', 'kilns', 'materials'],
    railroad_manufacture: ['rolling stock', 'locomotives', 'rail cars', 'railway'],
    printing: ['printing', 'presses', 'print runs', 'labels', 'publications'],
    nanotechnology: ['nanomaterials', 'nanotechnology', 'coatings', 'research'],
  }),
  ...group('media', {
    broadcast_media: ['television', 'radio', 'broadcasting', 'channels', 'programmes'],
    newspapers: ['news', 'journalists', 'newspaper', 'reporting', 'readers'],
    online_media: ['digital media', 'content', 'audiences', 'publishing', 'video'],
    publishing: ['books', 'authors', 'publishing', 'editions', 'readers'],
    motion_pictures_film: ['films', 'movies', 'production', 'cinema', 'studios'],
    media_production: ['video production', 'content', 'post-production', 'editing'],
    writing_editing: ['writing', 'editing', 'copywriting', 'content', 'authors'],
  }),
  ...group('nonprofit', {
    nonprofit_organization_management: ['nonprofit', 'charity', 'volunteers', 'mission', 'donors'],
    fund_raising: ['fundraising', 'donations', 'campaigns', 'donors', 'giving'],
    philanthropy: ['philanthropy', 'grants', 'foundation', 'giving', 'communities'],
    civic_social_organization: ['community', 'civic', 'members', 'social programmes'],
    religious_institutions: ['church', 'faith', 'congregation', 'ministry', 'worship'],
    individual_family_services: ['family services', 'social care', 'support', 'households'],
    think_tanks: ['think tank', 'policy research', 'reports', 'analysis', 'ideas'],
  }),
  ...group('real_estate', {
    real_estate: ['property', 'homes', 'real estate', 'listings', 'agents'],
    commercial_real_estate: ['offices', 'commercial property', 'leasing', 'tenants'],
    property_management: ['property management', 'tenants', 'maintenance', 'rentals'],
    coworking: ['coworking', 'flexible offices', 'desks', 'members', 'workspace'],
  }),
  ...group('recreation', {
    sports: ['sports', 'teams', 'athletes', 'leagues', 'fans'],
    recreational_facilities: ['leisure centres', 'parks', 'recreation', 'activities'],
    computer_games: ['video games', 'players', 'game studio', 'gaming', 'titles'],
    outdoor_recreation: ['outdoor', 'hiking', 'adventures', 'camping', 'trails'],
  }),
  ...group('retail', {
    retail: ['stores', 'shoppers', 'retail', 'merchandise', 'brands'],
    wholesale: ['wholesale', 'distribution', 'suppliers', 'bulk orders', 'trade'],
    supermarkets: ['groceries', 'supermarkets', 'fresh food', 'shoppers', 'stores'],
    e_commerce: ['online store', 'e-commerce', 'checkout', 'shipping', 'customers'],
    import_export: ['import', 'export', 'trade', 'customs', 'shipments'],
  }),
  ...group('technology', {
    computer_software: ['software', 'platform', 'cloud', 'applications', 'developers'],
    information_technology_services: [
      'it services',
      'managed services',
      'infrastructure',
      'support',
    ],
    internet: ['online', 'web', 'internet', 'users', 'digital'],
    computer_hardware: ['computers', 'servers', 'hardware', 'storage', 'devices'],
    computer_networking: ['networking', 'routers', 'switches', 'connectivity', 'networks'],
    computer_network_security: ['cybersecurity', 'threats', 'security', 'encryption', 'firewalls'],
    telecommunications: ['telecom', 'mobile', 'broadband', 'network', 'subscribers'],
    wireless: ['wireless', '5g', 'antennas', 'spectrum', 'mobile devices'],
    data_infrastructure_analytics: ['data', 'analytics', 'databases', 'pipelines', 'insights'],
    artificial_intelligence: ['machine learning', 'ai models', 'automation', 'data', 'prediction'],
    saas: ['saas', 'subscriptions', 'cloud platform', 'workflows', 'teams'],
    blockchain: ['blockchain', 'crypto', 'tokens', 'ledger', 'web3'],
    semiconductor_design: ['chip design', 'ip cores', 'semiconductors', 'silicon', 'eda'],
    it_consulting: ['it consulting', 'digital transformation', 'systems integration', 'cloud'],
  }),
  ...group('transportation', {
    logistics_supply_chain: ['logistics', 'supply chain', 'warehousing', 'freight', 'fulfilment'],
    transportation_trucking_railroad: ['trucking', 'rail freight', 'fleet', 'hauling', 'routes'],
    airlines_aviation: ['airline', 'flights', 'passengers', 'routes', 'aircraft'],
    maritime: ['shipping', 'ports', 'vessels', 'containers', 'maritime'],
    package_freight_delivery: ['parcels', 'delivery', 'couriers', 'last mile', 'tracking'],
    warehousing: ['warehouses', 'storage', 'inventory', 'pallets', 'distribution'],
    public_transportation: ['buses', 'trains', 'commuters', 'transit', 'routes'],
  }),
];

const byId = new Map(industries.map((industry) => [industry.id, industry]));

export function isIndustryId(id: string): boolean {
  return byId.has(id);
}

export function industryGroupOf(id: string): IndustryGroup | undefined {
  return byId.get(id)?.group;
}

export function industryTerms(id: string): readonly string[] {
  return byId.get(id)?.terms ?? [];
}
