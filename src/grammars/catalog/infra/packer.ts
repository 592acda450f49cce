// Packer's JSON templates (`packer build template.json`, `packer validate x.json`): a template that is not JSON is
// reported by its line and column only, never by its name (`Failed to parse template: Error parsing JSON: …` then
// `At line 7, column 2 (offset 7):`; releases before 0.9 print one line, `… Error in line 5, char 5: …`). The template
// is the one the command names, echoed above or recorded by `faultline run`: the location is printed as standard
// input's and resolve names it from the command (src/resolve/command-names.ts). With no command it is dropped.
// HCL2 templates (`.pkr.hcl`) print their file in HCL's own diagnostics, which other formats read.
// Link: https://developer.hashicorp.com/packer/docs/templates/legacy_json_templates
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const AT_LINE = /^At line (\d{1,7}), column \d{1,7} \(offset \d+\):\s*$/;
const PARSING_JSON = /Error parsing JSON: (.*)$/;
const ONE_LINE = /^Failed to parse template: Error in line (\d{1,7}), char \d{1,7}: (.*)$/;

function parsePackerTemplate(context: LineContext): boolean {
  const text = context.text.trim();
  const single = ONE_LINE.exec(text);
  // The position's line follows the JSON parser's message; a bare `At line N` elsewhere is another tool's words.
  const message = single ? single[2] : AT_LINE.test(text) ? PARSING_JSON.exec(context.line(-1) ?? '')?.[1] : undefined;
  if (message === undefined) return false;
  const line = Number((single ?? AT_LINE.exec(text))![1]);
  context.emit({ file: '-', line, severity: 'error', message: message.trim() });
  return true;
}

export const packer: GrammarFormat = {
  name: 'packer',
  language: 'Packer JSON templates',
  description:
    '`packer build template.json`: `Failed to parse template: Error parsing JSON: …` then `At line 7, column 2 (offset 7):` (before ' +
    '0.9 `… Error in line 5, char 5: …`) name no file; the template is the one the command above (or the recorded one) names.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['line', 'severity', 'message'],
  observed: false,
  url: 'https://developer.hashicorp.com/packer/docs/templates/legacy_json_templates',
  anchor: '^\\s*At line \\d+, column \\d+ \\(offset |^\\s*Failed to parse template: Error in line \\d+, char ',
  parse: parsePackerTemplate,
};
