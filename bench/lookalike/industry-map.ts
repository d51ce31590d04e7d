import { industryId, isIndustryId } from '@mailhound/contracts';

// The Wikipedia set's free-text industries → the product's industry ids. First a label the
// product knows as it is ("Banking" → banking), then keyword rules in order; what matches
// none stays without an industry (e.g. "conglomerate": the product has no such industry).
const rules: Array<[RegExp, string]> = [
  [/investment bank/, 'investment_banking'],
  [/private equity|venture/, 'venture_capital_private_equity'],
  [/investment/, 'investment_management'],
  [/insurance|insurer/, 'insurance'],
  [/bank/, 'banking'],
  [/financ/, 'financial_services'],
  [/semiconductor|microelectronic/, 'semiconductors'],
  [/software/, 'computer_software'],
  [
    /information technology|\bit\b|it services|managed services|computer systems/,
    'information_technology_services',
  ],
  [/internet/, 'internet'],
  [/computer|hardware|storage device|information storage/, 'computer_hardware'],
  [/telecom/, 'telecommunications'],
  [/aerospace|aviation|airborne|defen[cs]e/, 'aviation_aerospace'],
  [/auto|car |truck|vehicle/, 'automotive'],
  [/pharma/, 'pharmaceuticals'],
  [/biotech|clinical|contract research/, 'biotechnology'],
  [/medical|ophthalm|eye care/, 'medical_devices'],
  [/health|hospital/, 'hospital_health_care'],
  [/chemical|polymer/, 'chemicals'],
  [/oil|gas|petroleum/, 'oil_energy'],
  [/renewable|clean energy|energy efficiency|energy storage/, 'renewables_environment'],
  [/nuclear/, 'nuclear_energy'],
  [/electric|power|utilit|water supply|energy/, 'utilities'],
  [/mining|minerals|metal|steel|iron|coal|platinum|basic resources/, 'mining_metals'],
  [/construction|civil engineering|infrastructure/, 'construction'],
  [/building materials|engineered wood|skylights|glass/, 'building_materials'],
  [/machinery|heavy equipment|lifting|power tools|forestry equipment/, 'machinery'],
  [/automation|intralogistics/, 'industrial_automation'],
  [/engineering/, 'mechanical_industrial_engineering'],
  [/electronic|lighting|appliance|instrument|motors/, 'electrical_electronic_manufacturing'],
  [/shipbuilding/, 'shipbuilding'],
  [/heating|hvac/, 'plumbing_and_hvac'],
  [/rail/, 'transportation_trucking_railroad'],
  [/courier|postal|post$/, 'package_freight_delivery'],
  [/airport|air transport/, 'airlines_aviation'],
  [
    /logistic|shipping|maritime|transport|rapid transit|parking|car rental/,
    'logistics_supply_chain',
  ],
  [/retail|supermarket|hypermarket|department store|home improvement|discount/, 'retail'],
  [/restaurant|fast casual/, 'restaurants'],
  [/hotel|hospitality|residences/, 'hospitality'],
  [/travel|leisure|amusement/, 'leisure_travel_tourism'],
  [/gambling|gaming/, 'gambling_casinos'],
  [/beverage|brewery|wine|spirits|alcohol/, 'food_and_beverages'],
  [/dairy/, 'dairy'],
  [/food|confectionery|plantation|agri|agro/, 'food_production'],
  [/tobacco/, 'tobacco'],
  [/apparel|clothing|fashion|footwear|textile/, 'apparel_fashion'],
  [/watch/, 'luxury_goods_jewelry'],
  [/toys/, 'consumer_goods'],
  [/consumer/, 'consumer_goods'],
  [/paper|pulp/, 'paper_forest_products'],
  [/packaging/, 'packaging_containers'],
  [/printing|document/, 'printing'],
  [/publishing/, 'publishing'],
  [/broadcast/, 'broadcast_media'],
  [/media/, 'online_media'],
  [/advertising/, 'marketing_and_advertising'],
  [/real estate/, 'real_estate'],
  [/education/, 'education_management'],
  [/security|surveillance/, 'security_and_investigations'],
  [/waste|environmental/, 'environmental_services'],
  [
    /outsourcing|customer management|support services|business services|professional services|facility/,
    'outsourcing_offshoring',
  ],
  [/employee benefits/, 'human_resources'],
  [/testing|quality|laboratory/, 'research'],
  [/localization/, 'translation_localization'],
  [/manufactur|odm|serial producing|industrial/, 'mechanical_industrial_engineering'],
];

export function mapIndustry(label: string): string | null {
  const text = label.trim().toLowerCase();
  if (text === '') return null;
  const direct = industryId(text);
  if (isIndustryId(direct)) return direct;
  for (const [pattern, id] of rules) if (pattern.test(text)) return id;
  return null;
}
