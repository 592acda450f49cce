// The least the grammar layer can cost at start-up: bundled Chevrotain 11.2, a one-token lexer and a one-rule
// parser, one line parsed. faultline's own grammars add to this (bench/floors.mjs).
import { CstParser, createToken, Lexer } from 'chevrotain';

const Word = createToken({ name: 'Word', pattern: /[a-z]+/, line_breaks: false });
const NewLine = createToken({ name: 'NewLine', pattern: /\n/, line_breaks: true, group: Lexer.SKIPPED });

class OneRule extends CstParser {
  constructor() {
    super([Word, NewLine]);
    this.RULE('word', () => {
      this.CONSUME(Word);
    });
    this.performSelfAnalysis();
  }
}

const parser = new OneRule();
parser.input = new Lexer([Word, NewLine]).tokenize('floor\n').tokens;
(parser as unknown as { word(): unknown }).word();
if (parser.errors.length > 0) throw new Error('floor-chevrotain: the one-rule parser failed');
