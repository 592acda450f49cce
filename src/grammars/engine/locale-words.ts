// The words a localized tool prints where an English one prints `error:`, `warning:`, `note:` or `In file included
// from`: one table for every format, so a language is a row here and not a regex in each tool's grammar. The rows
// marked "gcc 12" were recorded by running gcc 12.2 under each locale (Debian's gcc-12-locales catalogs); the others
// are the same words as older gcc catalogs, javac, Visual Studio's Error List and translated Maven front ends print them.
import type { Severity } from '../../core/index.js';
import { utf8ToLatin1 } from './strings.js';

// Lower case; a word may hold spaces (`schwerwiegender fehler`, `let op`). English words stay in common.ts.
const SEVERITY_ROWS: ReadonlyArray<readonly [Severity, readonly string[]]> = [
  [
    'error',
    [
      // gcc 12 (de, fr, ru, zh_CN, zh_TW, ja, es, tr, uk, nl, sv, da, fi, vi, el, hr, sr)
      'fehler',
      'erreur',
      'ошибка',
      '错误',
      '錯誤',
      'エラー',
      'hata',
      'помилка',
      'fout',
      'fel',
      'fejl',
      'virhe',
      'lỗi',
      'σφάλμα',
      'greška',
      'грешка',
      // their fatal errors
      'schwerwiegender fehler',
      'erreur fatale',
      'фатальная ошибка',
      '致命错误',
      '嚴重錯誤',
      '致命的エラー',
      'error fatal',
      'ölümcül hata',
      'критична помилка',
      'fatale fout',
      'ödesdigert fel',
      'fatal fejl',
      'vakava virhe',
      'lỗi nghiêm trọng',
      'μοιραίο σφάλμα',
      'fatalna greška',
      'кобна грешка',
      // older gcc catalogs and other tools (pl, pt, it, ko, cs)
      'błąd',
      'erro',
      'errore',
      '오류',
      'chyba',
    ],
  ],
  [
    'warning',
    [
      // gcc 12
      'warnung',
      'attention',
      'предупреждение',
      '警告',
      'uyarı',
      'uyari',
      'попередження',
      'let op',
      'varning',
      'advarsel',
      'varoitus',
      'cảnh báo',
      'προειδοποίηση',
      'upozorenje',
      'упозорење',
      'peringatan',
      'aviso',
      // older gcc catalogs and other tools
      'avertissement',
      'ostrzeżenie',
      'avviso',
      'advertencia',
      '경고',
      'varování',
    ],
  ],
  [
    'note',
    [
      // gcc 12
      'anmerkung',
      'замечание',
      '附注',
      '附註',
      '備考',
      'nota',
      'bilgi',
      'зауваження',
      'anm',
      'bemærk',
      'huom',
      'ghi chú',
      'catatan',
      'σημείωση',
      'napomena',
      'напомена',
      // older gcc catalogs and other tools
      'hinweis',
      'remarque',
      'примечание',
      '注意',
      '注',
      'uwaga',
      '참고',
      'poznámka',
    ],
  ],
];

const LOCALIZED_SEVERITY = new Map<string, Severity>(SEVERITY_ROWS.flatMap(([severity, words]) => words.map((word) => [word, severity])));

/** The severity a localized word names (any case), or null when the table has no such word. */
export function localizedSeverity(word: string): Severity | null {
  return LOCALIZED_SEVERITY.get(word.toLowerCase()) ?? null;
}

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every localized severity word of the table (lower case), for formats that build their own patterns. */
export const LOCALIZED_SEVERITY_WORDS: readonly string[] = [...LOCALIZED_SEVERITY.keys()];

/** A regex alternation of `words`, escaped, longest first (so `erreur fatale` wins over `erreur`). */
export function alternation(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
}

/** The table's words as a regex alternation, longest first. */
export const LOCALIZED_SEVERITY_PATTERN = alternation(LOCALIZED_SEVERITY_WORDS);

// The line gcc prints before an include chain, in gcc 12's catalogs and in older ones (`在包含自 a.h:3 的文件中`,
// `В файле включённом из`): a chain's later levels are one indented word or two before the next path.
const INCLUDE_CHAIN_STARTS = [
  'In file included from',
  'In Datei, eingebunden von',
  'Dans le fichier inclus depuis',
  'En el fichero incluido desde',
  'У файлі, який включено у',
  'I filen inkluderad ifrån',
  'I fil inkluderet fra',
  'Tiedostossa, joka sisällytettiin kohdasta',
  '次のファイルから読み込み:',
  '在從下述位置 include 的檔案：',
  '在包含自',
  'В файле включённом из',
  'В файле, включённом из',
];

/** The start of a line that opens an include chain, in any language the table knows, with the blanks after it. */
export const INCLUDE_CHAIN_START = new RegExp(`^(?:${INCLUDE_CHAIN_STARTS.map(escape).join('|')})\\s+`);

// GNU make's `Entering directory '…'` and `Leaving directory '…'` as its catalogs word them (make 4.3, recorded under
// each locale): the words around the quoted folder, which some languages put after it (`… wird betreten`).
const MAKE_ENTERING = [
  'Entering directory',
  'wird betreten',
  'on entre dans le répertoire',
  'вход в каталог',
  '进入目录',
  'に入ります',
  'se entra en el directorio',
  'Går til katalog',
  'Wejście do katalogu',
  'Entrando no diretório',
  '들어감',
  'входимо до каталогу',
];
const MAKE_LEAVING = [
  'Leaving directory',
  'wird verlassen',
  'on quitte le répertoire',
  'выход из каталога',
  '离开目录',
  'から出ます',
  'se sale del directorio',
  'Forlader katalog',
  'Opuszczenie katalogu',
  'Saindo do diretório',
  '나감',
  'Залишаю каталог',
];

/** The scanner's anchor for make's directory lines in any of these languages (latin1 view of the UTF-8 words). */
export const MAKE_DIRECTORY_ANCHOR = `make(?:\\[\\d+\\])?(?: |\\xc2\\xa0)?: [^\\n]{0,400}?(?:${alternation(
  [...MAKE_ENTERING, ...MAKE_LEAVING].map(utf8ToLatin1),
)})`;

// French typography puts a no-break space before the colon (`make[1] : …`).
const MAKE_PREFIX = /^\S*make(?:\[\d+\])?[ \u00a0]?: (.+)$/;
// The folder in any of the quote pairs the catalogs use: `'…'`, `„…“`, `« … »`, `“…”`, `"…"`, a backtick before make 4.
const QUOTED_FOLDER = /[`'‘"„“«]\s?([^`'‘’"„“”«»]+?)\s?['’"“”»]/;

/** A make line that enters or leaves a folder, in any language the tables know; undefined for any other line. */
export function makeDirectoryChange(text: string): { entering: boolean; folder: string } | undefined {
  const rest = MAKE_PREFIX.exec(text)?.[1];
  const quoted = rest === undefined ? null : QUOTED_FOLDER.exec(rest);
  if (rest === undefined || !quoted) return undefined;
  const words = rest.slice(0, quoted.index) + rest.slice(quoted.index + quoted[0].length);
  if (MAKE_ENTERING.some((phrase) => words.includes(phrase))) return { entering: true, folder: quoted[1] ?? '' };
  if (MAKE_LEAVING.some((phrase) => words.includes(phrase))) return { entering: false, folder: quoted[1] ?? '' };
  return undefined;
}
