// Words a company description uses whatever the company does. They are rare enough to weigh a
// lot in TF-IDF, so without this list two companies of one country or two "multinational
// holding corporations" would look alike: the country is a feature of its own, and the
// corporate words say nothing about the business.

const grammar = `about above after again against all also although among and any are around
  because been before being below between both but can could did does doing down during each
  either else ever every few for from further had has have having her here hers him his how
  however into its itself just later like made make many may more most much must near neither
  nor not now off once one only other others our ours out over own per same several she should
  since some still such than that the their theirs them then there these they this those though
  through thus till too under until upon very via was were what when where whether which while
  who whom whose why will with within without would yet you your known called including include
  includes based well first second third new use used approximately formerly former originally
  officially legally short abbreviated stylized also`;

const corporate = `company companies firm group corporation corporate incorporated limited inc ltd
  plc llc gmbh founded establish established headquartered headquarters largest large world
  worldwide global globally international multinational operates operating operations business
  businesses services service products product brand brands subsidiary subsidiaries parent
  owned privately publicly public private state listed traded stock exchange index component
  constituent ftse nasdaq nyse fortune ranked ranking employees employs people staff year years
  million billion number part name renamed became become later currently today biggest major
  leading leader revenue revenues sales profit market capitalization share shares shareholder
  shareholders merger merged acquired acquisition acquisitions ceo chairman president founder
  two three four five six seven eight nine ten hundred thousand fourth fifth
  january february march april june july august september october november december`;

const countries = `afghanistan albania algeria andorra angola argentina armenia australia austria
  azerbaijan bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia
  bosnia botswana brazil brunei bulgaria cambodia cameroon canada chile china colombia congo
  croatia cuba cyprus czech czechia denmark ecuador egypt estonia ethiopia finland france gabon
  germany ghana greece guatemala honduras hungary iceland india indonesia iran iraq ireland
  israel italy jamaica japan jordan kazakhstan kenya korea kuwait latvia lebanon libya
  liechtenstein lithuania luxembourg malaysia malta mexico moldova monaco mongolia montenegro
  morocco mozambique myanmar namibia nepal netherlands zealand nicaragua nigeria norway oman
  pakistan panama paraguay peru philippines poland portugal qatar romania russia rwanda saudi
  arabia senegal serbia singapore slovakia slovenia spain lanka sudan sweden switzerland syria
  taiwan tanzania thailand tunisia turkey uganda ukraine emirates kingdom britain england
  scotland wales usa uruguay uzbekistan venezuela vietnam zambia zimbabwe`;

const nationalities = `american argentine argentinian australian austrian belgian brazilian
  british bulgarian canadian chilean chinese colombian croatian czech danish dutch egyptian
  emirati english estonian european finnish french german greek hungarian indian indonesian
  iranian irish israeli italian japanese kazakh kenyan korean kuwaiti latvian lithuanian
  luxembourgish malaysian mexican moroccan nigerian norwegian pakistani peruvian filipino polish
  portuguese qatari romanian russian saudi scottish serbian singaporean slovak slovenian spanish
  lankan swedish swiss taiwanese thai turkish ukrainian venezuelan vietnamese welsh asian african
  arab nordic scandinavian`;

// Big business cities and regions that descriptions name as a seat; "new york" and "hong kong"
// lose both words, which no industry needs.
const places = `north south east west northern southern eastern western middle asia africa
  europe america americas pacific atlantic continental mainland national nationwide regional
  domestic overseas province prefecture county district city capital states united republic
  tokyo osaka kyoto nagoya yokohama seoul beijing shanghai shenzhen guangzhou hangzhou tianjin
  taipei mumbai delhi bangalore bengaluru chennai kolkata hyderabad pune jakarta bangkok manila
  kuala lumpur hanoi dhaka karachi istanbul moscow petersburg kyiv warsaw prague vienna budapest
  bucharest athens rome milan turin madrid barcelona lisbon paris lyon brussels amsterdam
  rotterdam hague berlin munich hamburg frankfurt stuttgart cologne dusseldorf hanover zurich
  geneva basel copenhagen stockholm gothenburg oslo helsinki dublin london manchester edinburgh
  york chicago angeles francisco seattle boston houston dallas atlanta detroit philadelphia
  minneapolis denver washington jersey california texas florida ohio illinois michigan virginia
  carolina massachusetts pennsylvania minnesota connecticut toronto montreal vancouver calgary
  ontario quebec alberta paulo janeiro aires santiago bogota sydney melbourne brisbane perth
  auckland johannesburg cairo lagos nairobi riyadh dubai abu dhabi doha aviv hong kong macau`;

export const stopWords: ReadonlySet<string> = new Set(
  [grammar, corporate, countries, nationalities, places].join(' ').split(/\s+/).filter(Boolean),
);
