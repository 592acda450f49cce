// PowerShell parse tree → segments. Commands become segments; expressions are walked through a whitelist of
// value-only node types. Method calls (`[IO.File]::Delete(…)`), assignments, function and class definitions
// and anything not listed need approval: an unknown node is never taken as harmless.
import type { SyntaxNode } from './parser.js';
import type { Walk } from './bash.js';
import { ANY, literal } from './expand.js';
import type { Redirect, Segment, Word } from './types.js';

// Structure and value-only expressions (arithmetic, comparisons, literals, variables, member reads).
const PASS_THROUGH = new Set([
  'program',
  'statement_list',
  'pipeline',
  'pipeline_chain',
  'empty_statement',
  'script_block',
  'script_block_body',
  'script_block_expression',
  'param_block',
  'logical_expression',
  'bitwise_expression',
  'comparison_expression',
  'additive_expression',
  'multiplicative_expression',
  'format_expression',
  'range_expression',
  'array_literal_expression',
  'unary_expression',
  'member_access',
  'member_name',
  'simple_name',
  'variable',
  'integer_literal',
  'decimal_integer_literal',
  'hexadecimal_integer_literal',
  'real_literal',
  'string_literal',
  'expandable_string_literal',
  'verbatim_string_characters',
  'expandable_here_string_literal',
  'verbatim_here_string_characters',
  'comparison_operator',
  'sub_expression',
  'parenthesized_expression',
  'array_expression',
  'hash_literal_expression',
  'hash_literal_body',
  'hash_entry',
  'key_expression',
  'if_statement',
  'elseif_clauses',
  'elseif_clause',
  'else_clause',
  'statement_block',
  'foreach_statement',
  'while_condition',
  'while_statement',
  'pipeline_chain_tail',
  'type_literal',
  'type_spec',
  'type_name',
  'type_identifier',
  'cast_expression',
  'element_access',
  'generic_token',
  'command_parameter',
  'command_argument_sep',
  'command_elements',
  'argument_list',
  'argument_expression_list',
  'argument_expression',
  'logical_argument_expression',
  'bitwise_argument_expression',
  'comparison_argument_expression',
  'additive_argument_expression',
  'multiplicative_argument_expression',
  'format_argument_expression',
  'range_argument_expression',
  'comment',
  'flow_control_statement',
]);

function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null);
}

function flag(walk: Walk, node: SyntaxNode, rule: string): void {
  walk.findings.push({ text: node.text, verdict: 'needs-approval', rule: `needs-approval: ${rule}` });
}

export function walkPowerShell(node: SyntaxNode, walk: Walk, piped = false): void {
  if (node.isMissing || node.type === 'ERROR') flag(walk, node, 'the command line does not parse');
  if (node.type === 'command') {
    walk.segments.push(psCommand(node, walk, piped));
    return;
  }
  if (node.type === 'pipeline_chain' || node.type === 'pipeline') {
    namedChildren(node).forEach((child, index) =>
      walkPowerShell(child, walk, piped || (node.type === 'pipeline_chain' && index > 0 && child.type === 'command')),
    );
    return;
  }
  if (node.type === 'invokation_expression') flag(walk, node, 'a .NET method call is not modelled');
  else if (node.type === 'assignment_expression') flag(walk, node, 'an assignment changes what later commands see');
  else if (node.isNamed && node.type !== 'ERROR' && !PASS_THROUGH.has(node.type)) flag(walk, node, `unmodelled construct ${node.type}`);
  for (const child of namedChildren(node)) walkPowerShell(child, walk);
}

// A value as PowerShell passes it: verbatim strings literally, expandable ones only without `$` or backtick.
// What PowerShell can make of a path word: `~`, $HOME, $env:HOME and $env:USERPROFILE are the home
// directory, any other variable or escape is computed, * ? [ ] are wildcards, `\` separates like `/`.
const HOME_VARIABLE = /^(?:\$HOME|\$\{HOME\}|\$env:HOME|\$env:USERPROFILE|\$\{env:HOME\}|\$\{env:USERPROFILE\})(?![\w:])/i;
function psPattern(text: string, home: string): { pattern: string; value: string | null } {
  let pattern = '';
  let value: string | null = '';
  let rest = text.replace(/^~(?=[\\/]|$)/, '$HOME');
  while (rest.length > 0) {
    const variable = HOME_VARIABLE.exec(rest);
    if (variable) {
      pattern += literal(home);
      value = value === null ? null : value + home;
      rest = rest.slice(variable[0].length);
      continue;
    }
    const char = rest[0]!;
    rest = rest.slice(1);
    if (char === '$' || char === '`') {
      pattern += ANY;
      value = null;
      rest = rest.replace(/^\{[^}]*\}|^[\w:]+/, '');
    } else {
      const separator = char === '\\' ? '/' : char;
      pattern += '*?[]'.includes(separator) ? separator : literal(separator);
      value = value === null ? null : value + separator;
    }
  }
  return { pattern, value };
}

function psWord(node: SyntaxNode, walk: Walk): Word {
  const text = node.text;
  if (node.type === 'generic_token' || node.type === 'command_parameter' || node.type === 'command_name') {
    const shaped = psPattern(text, walk.home);
    // A word with a variable or an escape has a static value only as a bare token (its pattern's literal part).
    const expands = text.includes('$') || text.includes('`');
    const expandedValue = node.type === 'generic_token' ? shaped.value : null;
    return { value: expands ? expandedValue : text, glob: /[*?[]/.test(text), text, pattern: shaped.pattern };
  }
  if (
    node.type === 'expandable_string_literal' ||
    (node.type === 'string_literal' && node.namedChildCount === 1 && node.namedChildren[0]?.type === 'expandable_string_literal')
  ) {
    const inner = node.type === 'string_literal' ? node.namedChildren[0]! : node;
    const body = inner.text.slice(1, -1);
    const shaped = psPattern(body, walk.home);
    if (namedChildren(inner).every((child) => child.type === 'variable' && HOME_VARIABLE.test(child.text))) {
      return { value: shaped.value, glob: false, text, pattern: shaped.pattern };
    }
  }
  // `-5`, `1.5`, `a,b`-free bare values: nothing in them is computed.
  if (/^[-+]?[\w.:\\/]+$/.test(text)) return { value: text, glob: false, text };
  let inner: SyntaxNode = node;
  while (
    (inner.type === 'array_literal_expression' || inner.type === 'unary_expression' || inner.type === 'string_literal') &&
    inner.namedChildCount === 1
  ) {
    inner = namedChildren(inner)[0]!;
  }
  if (inner.type === 'verbatim_string_characters') return { value: inner.text.slice(1, -1).replace(/''/g, "'"), glob: false, text };
  if (inner.type === 'expandable_string_literal' && inner.namedChildCount === 0 && !/[`$]/.test(inner.text.slice(1, -1))) {
    return { value: inner.text.slice(1, -1), glob: false, text };
  }
  if (inner.type === 'decimal_integer_literal') return { value: inner.text, glob: false, text };
  if (inner.type === 'variable' && /^\$null$/i.test(inner.text)) return { value: '$null', glob: false, text };
  walkPowerShell(node, walk);
  return { value: null, glob: false, text };
}

function redirectOf(node: SyntaxNode, walk: Walk): Redirect | null {
  const operator = namedChildren(node)[0];
  if (operator?.type === 'merging_redirection_operator')
    return { kind: 'dup', target: { value: operator.text, glob: false, text: operator.text } };
  const file = namedChildren(node).find((child) => child.type === 'redirected_file_name');
  const target = namedChildren(file ?? node)
    .filter((child) => child.type !== 'command_argument_sep')
    .at(-1);
  if (!target) return null;
  const word = psWord(target, walk);
  // `> $null` discards, like /dev/null.
  return { kind: word.value === '$null' ? 'dup' : operator?.text.startsWith('<') ? 'read' : 'write', target: word };
}

function psCommand(node: SyntaxNode, walk: Walk, piped: boolean): Segment {
  const segment: Segment = {
    text: node.text,
    words: [],
    assignments: [],
    redirects: [],
    heredoc: null,
    pipedInput: piped,
    dialect: 'powershell',
  };
  for (const child of namedChildren(node)) {
    if (child.type === 'command_name') segment.words.push(psWord(child, walk));
    else if (child.type === 'command_invokation_operator') {
      // `& name` calls by name (checked like any command); `. script` dot-sources into this scope.
      if (child.text.trim() === '.') flag(walk, child, 'dot-sourcing a script is not modelled');
    } else if (child.type === 'command_name_expr') {
      segment.words.push(psWord(namedChildren(child)[0] ?? child, walk));
    } else if (child.type === 'foreach_command') {
      segment.words.push({ value: 'ForEach-Object', glob: false, text: 'ForEach-Object' });
      for (const inner of namedChildren(child)) walkPowerShell(inner, walk);
    } else if (child.type === 'command_elements') {
      for (const element of namedChildren(child)) {
        if (element.type === 'command_argument_sep') continue;
        if (element.type === 'redirection') {
          const redirect = redirectOf(element, walk);
          if (redirect) segment.redirects.push(redirect);
        } else if (element.type === 'script_block_expression' || element.type === 'script_block') {
          // A script block argument runs (Where-Object, Invoke-Command…): its commands are segments.
          walkPowerShell(element, walk);
          segment.words.push({ value: null, glob: false, text: element.text });
        } else segment.words.push(psWord(element, walk));
      }
    } else {
      flag(walk, child, `unmodelled command part ${child.type}`);
      walkPowerShell(child, walk);
    }
  }
  if (segment.words.length === 0) segment.words.push({ value: null, glob: false, text: node.text });
  return segment;
}
