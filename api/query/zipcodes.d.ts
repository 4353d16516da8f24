// zipcodes ships no types; only the lookup the ZIP centroid fallback uses is declared.
declare module 'zipcodes' {
  interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipRecord | undefined;
  const zipcodes: { lookup: typeof lookup };
  export default zipcodes;
}
