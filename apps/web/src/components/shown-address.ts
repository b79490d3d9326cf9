/**
 * Scripts a domain label may be written in and still be shown in Unicode. A letter of any other
 * script shows the label in punycode: unknown is not trusted.
 */
const SCRIPTS = [
  'Latin Greek Cyrillic Armenian Georgian Hebrew Arabic Thaana Devanagari Bengali Gurmukhi',
  'Gujarati Oriya Tamil Telugu Kannada Malayalam Sinhala Thai Lao Tibetan Myanmar Khmer',
  'Ethiopic Hangul Hiragana Katakana Han Bopomofo',
]
  .join(' ')
  .split(' ')
  .map((name) => ({ name, test: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

/** Writing systems that mix scripts by nature (Japanese, Korean, Chinese with Bopomofo). */
const MIXING_BY_NATURE = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
  ['Han', 'Bopomofo'],
];

/**
 * Cyrillic and Greek letters that pass for Latin ones (the set Chromium uses for Cyrillic, and its
 * Greek counterpart): a label made of these alone reads as a Latin word, 'аррӏе' as 'apple'.
 */
const LATIN_LOOKALIKES = /^[асԁеһіјӏорԗԛѕԝхуъьҽпгѵѡαικνορτυχγϲϳ]+$/u;

/** Digits, the hyphen and combining marks belong to no script of their own. */
const SCRIPTLESS = /[\p{Script=Common}\p{Script=Inherited}]/gu;

/** The scripts of a label's letters, or null when one is of a script not in SCRIPTS. */
function scriptsOf(letters: string): Set<string> | null {
  const scripts = new Set<string>();
  for (const char of letters) {
    const script = SCRIPTS.find(({ test }) => test.test(char));
    if (!script) return null;
    scripts.add(script.name);
  }
  return scripts;
}

const mixesByNature = (scripts: Set<string>) =>
  MIXING_BY_NATURE.some((system) => [...scripts].every((script) => system.includes(script)));

/**
 * Whether a label may be shown as written: its letters are of one script (or of one writing
 * system that mixes scripts by nature), and it is not a Cyrillic or Greek word made only of
 * letters that look Latin. This is the gist of what browsers do before they show a domain in
 * Unicode; a Latin label with look-alike accents ('ạpple') still shows as written.
 */
function readsAsWritten(label: string): boolean {
  const letters = label.replace(SCRIPTLESS, '');
  const scripts = scriptsOf(letters);
  if (!scripts || (scripts.size > 1 && !mixesByNature(scripts))) return false;
  return !(scripts.has('Cyrillic') || scripts.has('Greek')) || !LATIN_LOOKALIKES.test(letters);
}

/** The host as written in an address (`https://user@host:8080/…`), or null if none is found. */
function writtenHost(address: string): { start: number; host: string } | null {
  const authority = /^[a-z][a-z\d+.-]*:\/\/([^/?#\\]*)/i.exec(address);
  if (!authority) return null;
  const userEnd = authority[1]!.lastIndexOf('@') + 1;
  const host = authority[1]!.slice(userEnd).replace(/:\d*$/, '');
  return { start: address.indexOf('//') + 2 + userEnd, host };
}

/**
 * An address as a member should read it: as written, except that an internationalised domain
 * that mixes scripts, or passes a Cyrillic or Greek look-alike for a Latin name, is shown in
 * its punycode form, as browsers show it ('https://аррӏе.com/login' reads
 * 'https://xn--80ak6aa92e.com/login', not 'https://apple.com/login').
 */
export function shownAddress(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  if (!url.hostname.split('.').some((label) => label.startsWith('xn--'))) return address;
  const written = writtenHost(address);
  if (!written) return url.href;
  let host = written.host;
  try {
    host = decodeURIComponent(host);
  } catch {
    return url.href;
  }
  if (
    host
      .toLowerCase()
      .split(/[.\u3002\uff0e\uff61]/u)
      .every(readsAsWritten)
  )
    return address;
  const { start, host: shown } = written;
  return address.slice(0, start) + url.hostname + address.slice(start + shown.length);
}
