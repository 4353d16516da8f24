/**
 * Character encoding of a sponsor export. Exports saved from spreadsheets on Windows are
 * often Windows-1252 or Latin-1 rather than UTF-8; read as UTF-8 their accented names turn
 * into U+FFFD. Order: the catalog's declared charset, a byte-order mark, strict UTF-8,
 * then chardet's guess, which the caller reports as a flag.
 */
import chardet from 'chardet';

export interface DecodedText {
  text: string;
  /** WHATWG label the text was decoded with. */
  encoding: string;
  /** True when the encoding was guessed from the bytes (neither declared, BOM nor UTF-8). */
  sniffed: boolean;
}

export function decodeSponsorFile(bytes: Uint8Array, declared?: string): DecodedText {
  if (declared)
    return { text: new TextDecoder(declared).decode(bytes), encoding: declared, sniffed: false };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', sniffed: false };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return {
      text: new TextDecoder('utf-16le').decode(bytes),
      encoding: 'utf-16le',
      sniffed: false,
    };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return {
      text: new TextDecoder('utf-16be').decode(bytes),
      encoding: 'utf-16be',
      sniffed: false,
    };
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      sniffed: false,
    };
  } catch {
    // Not UTF-8: guess below.
  }
  const guess = chardet.detect(bytes);
  // WHATWG decodes the ISO-8859-1 label as Windows-1252 anyway; anything chardet names that
  // TextDecoder does not know falls back to it too, the commonest non-UTF-8 export.
  let encoding = 'windows-1252';
  if (guess && !/^(UTF-8|ASCII)$/i.test(guess)) {
    try {
      new TextDecoder(guess);
      encoding = guess.toLowerCase();
    } catch {
      // unknown label
    }
  }
  return { text: new TextDecoder(encoding).decode(bytes), encoding, sniffed: true };
}
