// Bash parse tree → segments. Every node type is either modelled here or reported as a finding that needs
// approval: an unknown construct is never skipped (never guess towards allowing). Substitutions anywhere
// (inside double quotes, `${x:-$(…)}`, heredoc bodies, arithmetic) are walked as commands of their own.
import type { SyntaxNode } from './parser.js';
import { SAFE_ASSIGNMENTS } from './lists.js';
import { ANY, literal } from './expand.js';
import { ansiC, braces, isHome, isWordNode, quoted, tilde, unescapeWord } from './bash-words.js';
import type { Finding, Redirect, Segment, Word } from './types.js';

export interface Walk {
  segments: Segment[];
  findings: Finding[];
  /** Function names defined in this script (a call to one is never a known program). */
  functions: Map<string, SyntaxNode>;
  /** What `~` and `$HOME` expand to. */
  home: string;
  /** Words outside commands that the shell expands into values used later (`for f in ~/.ssh/*`). */
  loose: Word[];
}

// Containers whose named children are statements (or words holding substitutions) to walk in turn.
const CONTAINERS = new Set([
  'program',
  'list',
  'compound_statement',
  'subshell',
  'do_group',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
  'for_statement',
  'case_statement',
  'case_item',
  'negated_command',
  'test_command',
  'binary_expression',
  'unary_expression',
  'parenthesized_expression',
  'ternary_expression',
  'postfix_expression',
]);
// Nodes that carry no command of their own.
const INERT = new Set([
  'comment',
  'variable_name',
  'test_operator',
  'heredoc_start',
  'heredoc_end',
  'heredoc_content',
  'string_content',
  'file_descriptor',
  'regex',
  'extglob_pattern',
  'special_variable_name',
]);

function needsApproval(walk: Walk, node: SyntaxNode, rule: string): void {
  walk.findings.push({ text: node.text, verdict: 'needs-approval', rule: `needs-approval: ${rule}` });
}

function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null);
}

/** Walks any node: statements become segments, everything else is searched for substitutions. */
export function walkNode(node: SyntaxNode, walk: Walk, piped = false): void {
  if (node.isMissing || node.type === 'ERROR') {
    needsApproval(walk, node, 'the command line does not parse');
  }
  switch (node.type) {
    case 'command':
      walk.segments.push(commandSegment(node, [], walk, piped));
      return;
    case 'redirected_statement':
      redirected(node, walk, piped);
      return;
    case 'pipeline':
      namedChildren(node).forEach((child, index) => walkNode(child, walk, piped || index > 0));
      return;
    case 'variable_assignment':
    case 'variable_assignments':
      assignments(node, walk);
      return;
    case 'function_definition':
      functionDefinition(node, walk);
      return;
    case 'declaration_command':
    case 'unset_command':
      needsApproval(walk, node, `${node.firstChild?.text ?? 'declaration'} changes the environment of later commands`);
      break;
    case 'c_style_for_statement':
    case 'arithmetic_expansion':
      // Arithmetic may index arrays with substitutions; walked below, but its own effects are not modelled.
      if (node.type === 'c_style_for_statement') needsApproval(walk, node, 'C-style for loops are not modelled');
      break;
    case 'heredoc_body':
    case 'heredoc_redirect':
    case 'herestring_redirect':
    case 'file_redirect':
      break;
    default:
      if (INERT.has(node.type) || !node.isNamed) return;
      if (!CONTAINERS.has(node.type) && !isWordNode(node) && node.type !== 'ERROR')
        needsApproval(walk, node, `unmodelled construct ${node.type}`);
  }
  for (const child of namedChildren(node)) {
    if (isWordNode(child)) walk.loose.push(wordOf(child, walk));
    else walkNode(child, walk, false);
  }
}

/** A word's value after quote removal (null when computed); substitutions inside are walked. */
function wordOf(node: SyntaxNode, walk: Walk): Word {
  return braces(tilde(rawWord(node, walk), walk.home));
}

function rawWord(node: SyntaxNode, walk: Walk): Word {
  const text = node.text;
  if (isHome(node)) return { value: walk.home, glob: false, text, pattern: literal(walk.home) };
  switch (node.type) {
    case 'word':
      return { ...unescapeWord(text), text };
    case 'number':
      return quoted(text, text);
    case 'raw_string':
      return quoted(text.slice(1, -1), text);
    case 'ansi_c_string':
      return quoted(ansiC(text), text);
    case 'string':
    case 'translated_string': {
      let value: string | null = '';
      let pattern = '';
      for (const child of namedChildren(node)) {
        if (child.type === 'string_content') {
          const content = child.text.replace(/\\([$`"\\\n])/g, (_all, kept: string) => (kept === '\n' ? '' : kept));
          value = value === null ? null : value + content;
          pattern += literal(content);
        } else if (isHome(child)) {
          value = value === null ? null : value + walk.home;
          pattern += literal(walk.home);
        } else {
          wordOf(child, walk);
          value = null;
          pattern += ANY;
        }
      }
      return { value, glob: false, text, pattern };
    }
    case 'concatenation': {
      let value: string | null = '';
      let pattern = '';
      let glob = false;
      for (const child of namedChildren(node)) {
        const part = rawWord(child, walk);
        value = value === null || part.value === null ? null : value + part.value;
        pattern += part.pattern ?? (part.value === null ? ANY : literal(part.value));
        glob ||= part.glob;
      }
      return { value, glob, text, pattern };
    }
    case 'command_substitution':
    case 'process_substitution':
      // Inside backticks, \` opens a nested substitution that bash parses again: the tree shows words.
      if (text.startsWith('`') && text.includes('\\`')) needsApproval(walk, node, 'nested backticks are parsed again by the shell');
      for (const child of namedChildren(node)) walkNode(child, walk);
      // `<(…)` expands to a pipe's path, /dev/fd/N: not a file the command could be pointed at.
      return { value: null, glob: false, text, pattern: node.type === 'process_substitution' ? literal('/dev/fd/63') : ANY };
    default:
      // Expansions, arithmetic and brace expressions: computed by the shell; their insides are walked.
      if (!isWordNode(node)) needsApproval(walk, node, `unmodelled word ${node.type}`);
      for (const child of namedChildren(node)) {
        if (isWordNode(child)) wordOf(child, walk);
        else walkNode(child, walk);
      }
      return { value: null, glob: false, text, pattern: ANY };
  }
}

function redirectOf(node: SyntaxNode, walk: Walk): Redirect | null {
  const operator = node.children.find((child) => child !== null && !child.isNamed)?.text ?? '>';
  const targetNode = namedChildren(node)
    .filter((child) => child.type !== 'file_descriptor')
    .at(-1);
  if (targetNode === undefined) return null;
  const target = wordOf(targetNode, walk);
  if ((operator === '>&' || operator === '<&') && (target.value === '-' || /^\d+-?$/.test(target.value ?? '')))
    return { kind: 'dup', target };
  if (operator === '<') return { kind: 'read', target };
  return { kind: 'write', target };
}

interface Attached {
  redirects: Redirect[];
  heredoc: { body: string | null } | null;
}

function attach(node: SyntaxNode, into: Attached, walk: Walk): void {
  if (node.type === 'file_redirect') {
    const redirect = redirectOf(node, walk);
    if (redirect) into.redirects.push(redirect);
  } else if (node.type === 'herestring_redirect') {
    const word = namedChildren(node)[0];
    into.heredoc = { body: word ? wordOf(word, walk).value : null };
  } else if (node.type === 'heredoc_redirect') {
    const start = namedChildren(node).find((child) => child.type === 'heredoc_start')?.text ?? '';
    const quoted = /['"\\]/.test(start);
    const body = namedChildren(node).find((child) => child.type === 'heredoc_body');
    // An unquoted delimiter expands the body: its substitutions are commands.
    let dynamic = false;
    if (body && !quoted) {
      for (const part of namedChildren(body)) {
        if (part.type === 'heredoc_content') continue;
        dynamic = true;
        wordOf(part, walk);
      }
    }
    into.heredoc = { body: body === undefined ? '' : dynamic ? null : body.text.replace(/\n[^\n]*$/, '\n') };
    for (const child of namedChildren(node)) {
      if (child.type === 'file_redirect') attach(child, into, walk);
      // `cat <<EOF | sh`: the rest of the pipeline hangs under the heredoc node.
      else if (child.type === 'pipeline') namedChildren(child).forEach((stage) => walkNode(stage, walk, true));
      else if (!['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(child.type)) walkNode(child, walk);
    }
  }
}

const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

function redirected(node: SyntaxNode, walk: Walk, piped: boolean): void {
  const children = namedChildren(node);
  const body = children.find((child) => !REDIRECTS.has(child.type));
  const extra: Attached = { redirects: [], heredoc: null };
  for (const child of children) if (child !== body) attach(child, extra, walk);
  if (body === undefined) {
    // `> file` alone truncates (creates) the file.
    walk.segments.push({
      text: node.text,
      words: [],
      assignments: [],
      redirects: extra.redirects,
      heredoc: extra.heredoc,
      pipedInput: piped,
      dialect: 'bash',
    });
    return;
  }
  if (body.type === 'command') {
    const segment = commandSegment(body, extra.redirects, walk, piped);
    if (extra.heredoc) segment.heredoc = extra.heredoc;
    walk.segments.push(segment);
    return;
  }
  // `{ …; } > file`, `while …; done < list`: the redirect applies to every command inside.
  walk.segments.push({
    text: node.text,
    words: [{ value: ':', glob: false, text: ':' }],
    assignments: [],
    redirects: extra.redirects,
    heredoc: null,
    pipedInput: false,
    dialect: 'bash',
  });
  if (extra.heredoc) needsApproval(walk, node, 'a heredoc fed to a compound command');
  walkNode(body, walk, piped);
}

function commandSegment(node: SyntaxNode, redirects: Redirect[], walk: Walk, piped: boolean): Segment {
  const segment: Segment = {
    text: node.parent?.type === 'redirected_statement' ? node.parent.text : node.text,
    words: [],
    assignments: [],
    redirects: [...redirects],
    heredoc: null,
    pipedInput: piped,
    dialect: 'bash',
  };
  const attached: Attached = { redirects: segment.redirects, heredoc: null };
  for (const child of namedChildren(node)) {
    if (child.type === 'variable_assignment') {
      const nameNode = child.childForFieldName('name') ?? namedChildren(child)[0];
      if (nameNode && nameNode.type !== 'variable_name') walkNode(nameNode, walk);
      const name = nameNode?.text ?? '';
      const valueNode = child.childForFieldName('value') ?? namedChildren(child)[1];
      segment.assignments.push({ name, value: valueNode ? wordOf(valueNode, walk) : { value: '', glob: false, text: '' } });
    } else if (child.type === 'command_name') {
      const inner = namedChildren(child)[0];
      segment.words.push(inner ? wordOf(inner, walk) : { value: null, glob: false, text: child.text });
    } else if (child.type === 'file_redirect' || child.type === 'heredoc_redirect' || child.type === 'herestring_redirect') {
      attach(child, attached, walk);
    } else if (isWordNode(child)) {
      segment.words.push(wordOf(child, walk));
    } else if (child.type !== 'comment') {
      needsApproval(walk, child, `unmodelled argument ${child.type}`);
      walkNode(child, walk);
      segment.words.push({ value: null, glob: false, text: child.text });
    }
  }
  segment.heredoc = attached.heredoc;
  return segment;
}

function assignments(node: SyntaxNode, walk: Walk): void {
  const list = node.type === 'variable_assignments' ? namedChildren(node) : [node];
  for (const assignment of list) {
    const nameNode = namedChildren(assignment)[0];
    const name = nameNode?.text ?? '';
    // `a[$(rm x)]=1`: an array subscript runs its substitutions.
    if (nameNode && nameNode.type !== 'variable_name') walkNode(nameNode, walk);
    const valueNode = namedChildren(assignment)[1];
    const value = valueNode ? wordOf(valueNode, walk) : null;
    if (!SAFE_ASSIGNMENTS.has(name) || value?.value === null) {
      needsApproval(walk, assignment, `assigning ${name} changes what later commands run`);
    } else {
      walk.findings.push({ text: assignment.text, verdict: 'read-only', rule: 'read-only: safe variable assignment' });
    }
  }
}

function functionDefinition(node: SyntaxNode, walk: Walk): void {
  const name = namedChildren(node)[0]?.text ?? '';
  walk.functions.set(name, node);
  const body = namedChildren(node).at(-1);
  // Walk the body for its commands, then record the definition itself as unmodelled (it may shadow a reader).
  if (body) walkNode(body, walk);
  const calls = (n: SyntaxNode): boolean => (n.type === 'command_name' && n.text === name) || namedChildren(n).some(calls);
  if (body && calls(body))
    walk.findings.push({ text: node.text, verdict: 'blocked', rule: 'blocked: a function that calls itself (fork bomb, :(){:|:&};:)' });
  else needsApproval(walk, node, 'function definitions are not modelled');
}
