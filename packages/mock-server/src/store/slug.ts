import { createHash } from 'node:crypto';

/** Longest URL slug made from a title. */
const MAX_SLUG_LENGTH = 60;

const LATIN: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ŋ: 'ng',
  ħ: 'h',
};

// Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Macedonian, Bulgarian), as passports spell it.
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  є: 'ye',
  і: 'i',
  ї: 'yi',
  ґ: 'g',
  ў: 'u',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

// Arabic and Hebrew consonants (their short vowels are not written, so the slug has none either).
const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  ى: 'a',
  ة: 'a',
  ء: '',
  ئ: 'y',
  ؤ: 'w',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
  ک: 'k',
  ی: 'y',
};
const HEBREW: Record<string, string> = {
  א: '',
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ו: 'v',
  ז: 'z',
  ח: 'kh',
  ט: 't',
  י: 'y',
  כ: 'k',
  ך: 'k',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: '',
  פ: 'p',
  ף: 'p',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
};

// Hiragana (katakana is shifted onto it) in Hepburn; small kana are joined to the syllable before them.
const KANA_ROWS: [string, string][] = [
  ['あいうえお', 'a i u e o'],
  ['かきくけこ', 'ka ki ku ke ko'],
  ['がぎぐげご', 'ga gi gu ge go'],
  ['さしすせそ', 'sa shi su se so'],
  ['ざじずぜぞ', 'za ji zu ze zo'],
  ['たちつてと', 'ta chi tsu te to'],
  ['だぢづでど', 'da ji zu de do'],
  ['なにぬねの', 'na ni nu ne no'],
  ['はひふへほ', 'ha hi fu he ho'],
  ['ばびぶべぼ', 'ba bi bu be bo'],
  ['ぱぴぷぺぽ', 'pa pi pu pe po'],
  ['まみむめも', 'ma mi mu me mo'],
  ['やゆよ', 'ya yu yo'],
  ['らりるれろ', 'ra ri ru re ro'],
  ['わゐゑをん', 'wa i e o n'],
  ['ゔ', 'vu'],
];
const KANA: Record<string, string> = Object.fromEntries(
  KANA_ROWS.flatMap(([kana, romaji]) => [...kana].map((k, i) => [k, romaji.split(' ')[i]!])),
);
const SMALL_Y: Record<string, string> = { ゃ: 'a', ゅ: 'u', ょ: 'o' };
const SMALL_VOWEL: Record<string, string> = { ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o' };

// Hangul syllables in the Revised Romanization, from their initial, medial and final jamo.
const HANGUL_INITIAL = 'g kk n d tt r m b pp s ss - j jj ch k t p h'.split(' ').map((x) => (x === '-' ? '' : x));
const HANGUL_MEDIAL = 'a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i'.split(' ');
const HANGUL_FINAL = '- k k k n n n t l k m l l l p l m p p t t ng t t k t p t'
  .split(' ')
  .map((x) => (x === '-' ? '' : x));

function hangul(code: number): string {
  const s = code - 0xac00;
  return HANGUL_INITIAL[Math.floor(s / 588)]! + HANGUL_MEDIAL[Math.floor((s % 588) / 28)]! + HANGUL_FINAL[s % 28]!;
}

/** Kana to romaji, with digraphs (きゃ kya, ジェ je), the small tsu doubling the next consonant, ー dropped. */
function kana(text: string): string {
  let out = '';
  let double = false;
  for (const raw of text) {
    const code = raw.codePointAt(0)!;
    // Katakana → hiragana: the same syllables 0x60 further on.
    const c = code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : raw;
    if (c === 'っ') {
      double = true;
      continue;
    }
    let piece: string;
    if (SMALL_Y[c] !== undefined && /(i)$/.test(out)) {
      out = out.replace(/(sh|ch|j)i$/, '$1').replace(/i$/, 'y');
      piece = SMALL_Y[c]!;
    } else if (SMALL_VOWEL[c] !== undefined && /[aiueo]$/.test(out) && out.length > 1) {
      out = out.slice(0, -1);
      piece = SMALL_VOWEL[c]!;
    } else piece = KANA[c] ?? SMALL_Y[c] ?? SMALL_VOWEL[c] ?? (c === 'ー' ? '' : raw);
    if (double && /^[bcdfghjkmnpqrstvwz]/.test(piece)) piece = (piece.startsWith('ch') ? 't' : piece[0]!) + piece;
    double = false;
    out += piece;
  }
  return out;
}

function transliterateChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const lower = ch.toLowerCase();
    if (code >= 0xac00 && code <= 0xd7a3) out += hangul(code);
    else out += LATIN[lower] ?? CYRILLIC[lower] ?? GREEK[lower] ?? ARABIC[ch] ?? HEBREW[ch] ?? ch;
  }
  return out;
}

/**
 * Latin letters for a title: Cyrillic, Greek, Arabic, Hebrew, kana and Hangul by tables, accents
 * dropped; what no table covers (Han characters, Thai, Devanagari…) stays as it is.
 *
 * @example
 * transliterate('Проект'); // 'Proekt'
 */
function transliterate(text: string): string {
  // Kana runs go whole (digraphs span two characters); then the other scripts, character by character,
  // before and after decomposition (so й stays y, and ά becomes a once its accent is gone).
  const nfc = text.normalize('NFC').replace(/[\u3041-\u3096\u30a1-\u30fc]+/g, (run) => ` ${kana(run)} `);
  return transliterateChars(transliterateChars(nfc).normalize('NFKD').replace(/\p{M}/gu, ''));
}

/**
 * Turns a title into a URL slug: transliterated to Latin, lowercased, every run of other characters one
 * `-`, at most 60 characters. When some letters or digits have no transliteration (Han characters, for
 * example), a short hash of the title follows, so two such titles do not share a slug; a title with
 * nothing to transliterate (emoji only, `!!!`) gets `project-` and the hash. Empty only for a blank title.
 *
 * @example
 * slugify('Checkout Flow');      // 'checkout-flow'
 * slugify('Проект');             // 'proekt'
 * slugify('日本語プロジェクト'); // 'purojekuto-' and 6 characters of hash
 */
export function slugify(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return '';
  const latin = transliterate(trimmed);
  const lost = /[\p{L}\p{N}]/u.test(latin.replace(/[A-Za-z0-9]/g, ''));
  const hash = createHash('sha256').update(trimmed.normalize('NFC')).digest('hex').slice(0, 6);
  const cut = (slug: string, room: number) => slug.slice(0, room).replace(/^-+|-+$/g, '');
  const base = cut(
    latin
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, ''),
    lost ? MAX_SLUG_LENGTH - 7 : MAX_SLUG_LENGTH,
  );
  if (!base) return `project-${hash}`;
  return lost ? `${base}-${hash}` : base;
}
