/**
 * Countries of the generated world and a few major cities each, one line per country:
 * ISO 3166 alpha-2 | ISO 3166 numeric (used as the location id) | name | main language code |
 * population in millions | cities as "City:Region" separated by ";" (largest first).
 *
 * City ids are derived from the country's numeric code and the city's position, so never reorder
 * cities inside a line; append new ones at the end.
 */
const LINES = `
US|840|United States|en|335|New York:New York;Los Angeles:California;Chicago:Illinois;Houston:Texas;Miami:Florida;San Francisco:California
GB|826|United Kingdom|en|67|London:England;Manchester:England;Birmingham:England;Edinburgh:Scotland
CA|124|Canada|en|39|Toronto:Ontario;Vancouver:British Columbia;Montreal:Quebec
AU|36|Australia|en|26|Sydney:New South Wales;Melbourne:Victoria;Brisbane:Queensland
IE|372|Ireland|en|5|Dublin:Leinster;Cork:Munster
NZ|554|New Zealand|en|5|Auckland:Auckland;Wellington:Wellington
ZA|710|South Africa|en|60|Johannesburg:Gauteng;Cape Town:Western Cape;Durban:KwaZulu-Natal
NG|566|Nigeria|en|220|Lagos:Lagos;Abuja:Federal Capital Territory
KE|404|Kenya|sw|55|Nairobi:Nairobi;Mombasa:Mombasa
GH|288|Ghana|en|33|Accra:Greater Accra;Kumasi:Ashanti
SG|702|Singapore|en|6|Singapore:Singapore
ES|724|Spain|es|48|Madrid:Community of Madrid;Barcelona:Catalonia;Valencia:Valencian Community;Seville:Andalusia
MX|484|Mexico|es|128|Mexico City:Mexico City;Guadalajara:Jalisco;Monterrey:Nuevo León
AR|32|Argentina|es|46|Buenos Aires:Buenos Aires;Córdoba:Córdoba;Rosario:Santa Fe
CO|170|Colombia|es|52|Bogotá:Bogotá;Medellín:Antioquia;Cali:Valle del Cauca
CL|152|Chile|es|19|Santiago:Santiago Metropolitan Region;Valparaíso:Valparaíso
PE|604|Peru|es|34|Lima:Lima;Arequipa:Arequipa
VE|862|Venezuela|es|28|Caracas:Capital District;Maracaibo:Zulia
BR|76|Brazil|pt|215|São Paulo:São Paulo;Rio de Janeiro:Rio de Janeiro;Belo Horizonte:Minas Gerais;Brasília:Federal District;Salvador:Bahia
PT|620|Portugal|pt|10|Lisbon:Lisbon;Porto:Porto
FR|250|France|fr|68|Paris:Île-de-France;Marseille:Provence-Alpes-Côte d'Azur;Lyon:Auvergne-Rhône-Alpes;Toulouse:Occitania
BE|56|Belgium|nl|12|Brussels:Brussels-Capital;Antwerp:Flanders;Ghent:Flanders
CH|756|Switzerland|de|9|Zurich:Zurich;Geneva:Geneva
DE|276|Germany|de|84|Berlin:Berlin;Munich:Bavaria;Hamburg:Hamburg;Cologne:North Rhine-Westphalia
AT|40|Austria|de|9|Vienna:Vienna;Graz:Styria
IT|380|Italy|it|59|Rome:Lazio;Milan:Lombardy;Naples:Campania;Turin:Piedmont
NL|528|Netherlands|nl|18|Amsterdam:North Holland;Rotterdam:South Holland;Utrecht:Utrecht
SE|752|Sweden|sv|10|Stockholm:Stockholm;Gothenburg:Västra Götaland
NO|578|Norway|no|5|Oslo:Oslo;Bergen:Vestland
DK|208|Denmark|da|6|Copenhagen:Capital Region;Aarhus:Central Denmark
FI|246|Finland|fi|6|Helsinki:Uusimaa;Tampere:Pirkanmaa
PL|616|Poland|pl|38|Warsaw:Masovia;Kraków:Lesser Poland;Wrocław:Lower Silesia
CZ|203|Czechia|cs|11|Prague:Prague;Brno:South Moravia
RO|642|Romania|ro|19|Bucharest:Bucharest;Cluj-Napoca:Cluj
GR|300|Greece|el|10|Athens:Attica;Thessaloniki:Central Macedonia
HU|348|Hungary|hu|10|Budapest:Budapest
UA|804|Ukraine|uk|38|Kyiv:Kyiv;Kharkiv:Kharkiv Oblast;Odesa:Odesa Oblast
RU|643|Russia|ru|144|Moscow:Moscow;Saint Petersburg:Saint Petersburg;Novosibirsk:Novosibirsk Oblast;Kazan:Tatarstan
KZ|398|Kazakhstan|kk|19|Almaty:Almaty;Astana:Astana
TR|792|Turkey|tr|85|Istanbul:Istanbul;Ankara:Ankara;Izmir:Izmir;Antalya:Antalya
IL|376|Israel|he|9|Tel Aviv:Tel Aviv District;Jerusalem:Jerusalem District
SA|682|Saudi Arabia|ar|36|Riyadh:Riyadh Province;Jeddah:Makkah Province
AE|784|United Arab Emirates|ar|10|Dubai:Dubai;Abu Dhabi:Abu Dhabi
EG|818|Egypt|arz|110|Cairo:Cairo Governorate;Alexandria:Alexandria Governorate
MA|504|Morocco|ar|37|Casablanca:Casablanca-Settat;Marrakesh:Marrakesh-Safi
IN|356|India|hi|1420|Mumbai:Maharashtra;Delhi:Delhi;Bangalore:Karnataka;Chennai:Tamil Nadu;Kolkata:West Bengal;Hyderabad:Telangana
PK|586|Pakistan|ur|240|Karachi:Sindh;Lahore:Punjab
BD|50|Bangladesh|bn|170|Dhaka:Dhaka Division;Chittagong:Chittagong Division
ID|360|Indonesia|id|275|Jakarta:Jakarta;Surabaya:East Java;Bandung:West Java;Denpasar:Bali
MY|458|Malaysia|ms|33|Kuala Lumpur:Kuala Lumpur;Penang:Penang
PH|608|Philippines|tl|115|Manila:Metro Manila;Cebu City:Central Visayas;Davao City:Davao Region
TH|764|Thailand|th|72|Bangkok:Bangkok;Chiang Mai:Chiang Mai;Phuket:Phuket
VN|704|Vietnam|vi|99|Ho Chi Minh City:Ho Chi Minh City;Hanoi:Hanoi;Da Nang:Da Nang
JP|392|Japan|ja|124|Tokyo:Tokyo;Osaka:Osaka;Yokohama:Kanagawa;Fukuoka:Fukuoka
KR|410|South Korea|ko|52|Seoul:Seoul;Busan:Busan;Incheon:Incheon
CN|156|China|zh|1410|Shanghai:Shanghai;Beijing:Beijing;Shenzhen:Guangdong;Chengdu:Sichuan
TW|158|Taiwan|zh|24|Taipei:Taipei;Kaohsiung:Kaohsiung
HK|344|Hong Kong|zh|7|Hong Kong:Hong Kong
`;

interface CitySeed {
  readonly name: string;
  readonly region: string;
}

export interface CountrySeed {
  readonly code: string;
  readonly numeric: number;
  readonly name: string;
  readonly language: string;
  readonly populationMillions: number;
  readonly cities: readonly CitySeed[];
}

export const COUNTRY_SEEDS: readonly CountrySeed[] = LINES.trim()
  .split('\n')
  .map((line) => {
    const [code, numeric, name, language, population, cities] = line.split('|');
    return {
      code,
      numeric: Number(numeric),
      name,
      language,
      populationMillions: Number(population),
      cities: cities.split(';').map((entry) => {
        const [cityName, region] = entry.split(':');
        return { name: cityName, region };
      }),
    };
  });
