// gcc's own context words beside the severity table (locale-words.ts): the lines that lead to a diagnostic (`required
// from here`) and the scope line above a function's diagnostics (`In function 'main':`), in English and as gcc 12's
// catalogs word them. Data, not per-tool patterns: a language is a row here.
import { alternation } from './locale-words.js';

// gcc's context lines: a place with no severity word that leads to the diagnostic below it (`a.cpp:9:5:   required from
// here`). English and as gcc 12's catalogs word them (recorded with LANGUAGE=de, es, fr, ru, sv, uk, vi; the other
// catalogs keep the English); `here` is a whole message, the others open one.
const GCC_CONTEXT_HERE = [
  'required from here',
  'von hier erfordert',
  'se requiere desde aquí',
  'requis depuis ici',
  'begärd härifrån',
  'потрібен звідси',
  'được yêu cầu từ đây',
];
const GCC_CONTEXT_OPENINGS = [
  // English, including the older `in instantiation of …` and `in expansion of …` context lines
  'required from',
  'required by',
  'recursively required',
  'in instantiation',
  'in expansion',
  'in definition',
  'in substitution',
  // gcc 12's `required from …`, `recursively required from …`, `required by substitution of …`
  'erfordert durch',
  'rekursiv erfordert von',
  'erforderlich durch Ersetzung von',
  'se requiere desde',
  'se requiere recursivamente desde',
  'se requiere para la sustitución de',
  'requis par',
  'requis récursivement par',
  'требуемый из',
  'рекурсивно требуемый из',
  'требуемый при подстановке',
  'begärs från',
  'rekursivt begärd från',
  'krävs av substitution av',
  'được yêu cầu từ',
  'yêu cầu đệ quy từ',
  'được yêu cầu bởi thay thế của',
];

/** Which of gcc's context lines a message with no severity word is, in any language the table knows. */
export function gccContextLine(message: string): 'here' | 'chain' | undefined {
  const printed = message.trim();
  if (GCC_CONTEXT_HERE.includes(printed)) return 'here';
  return GCC_CONTEXT_OPENINGS.some((opening) => printed.startsWith(opening)) ? 'chain' : undefined;
}

// The line gcc prints above a function's diagnostics (`a.c: In function 'main':`, `a.c: At top level:`), as gcc 12's
// catalogs open it (recorded under each of its languages with g++ -Wall: functions, members, constructors,
// instantiations, global scope). English `In …` covers every English kind.
const GCC_SCOPE_OPENINGS = [
  'In ',
  'At top level',
  'At global scope',
  // de, fr, es, ru, uk, sv, nl, fi, hr, id, vi
  'In Funktion',
  'In Elementfunktion',
  'In Konstruktor',
  'In Instanziierung von',
  'Auf höchster Ebene',
  'Im globalen Gültigkeitsbereich',
  'Dans la fonction',
  'Dans le constructeur',
  "Dans l'instanciation de",
  'Au plus haut niveau',
  'Au niveau global',
  'En la función',
  'En el constructor',
  'En la instanciación de',
  'En el ámbito global',
  'В функции',
  'В конструкторе',
  'В конкретизации',
  'На верхнем уровне',
  'На глобальном уровне',
  'У функції',
  'I funktion',
  'I medlemsfunktion',
  'I konstruerare',
  'Vid instansiering av',
  'I global räckvidd',
  'In functie',
  'In memberfunctie',
  'Funktio ',
  'Jäsenfunktio ',
  'Muodostin ',
  'Globaalilla näkyvyysalueella',
  'U funkciji',
  'Dalam fungsi',
  'Dalam anggota fungsi',
  'Trong hàm',
  'Trong cấu tử',
  'Trong minh dụ của',
  'Theo phạm vi toàn cục',
  // zh_CN, zh_TW, ja
  '在函数',
  '在成员函数',
  '在构造函数',
  '在文件作用域',
  '在全局域',
  '在函式',
  '関数 ',
  'メンバ関数 ',
  'コンストラクタ ',
  'トップレベル',
  '大域スコープ',
];

const GCC_SCOPE_PATTERN = alternation(GCC_SCOPE_OPENINGS);
/** gcc's scope line (`a.c: In function 'main':` in any language the table knows): a path, a colon, then the opening. */
export const GCC_SCOPE_LINE = new RegExp(`^\\S[^:]*: (?:${GCC_SCOPE_PATTERN})`);
/** The rest of a scope line after its path's colon (` In function 'main':`, ` 在函数‘main’中:`). */
export const GCC_SCOPE_REST = new RegExp(`^ (?:${GCC_SCOPE_PATTERN})`);
