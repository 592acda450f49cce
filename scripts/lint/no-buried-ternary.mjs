// A local lint rule: a conditional expression may be the last branch of another (a chain `a ? x : b ? y : z`,
// which Prettier prints one case per line, like a switch), but never buried in another's condition or first
// branch, nor inside an expression in any branch: that is a decision a named function should explain
// (issue 26). ESLint's own no-nested-ternary forbids the readable chains too, so this rule replaces it.
const FUNCTION_OR_STATEMENT = /Function|Statement|Declaration|Program|ClassBody|PropertyDefinition/;
// Two idioms are a presence, not a decision, and end the search: `...(x ? { key: x } : {})` (a property only
// when there is a value) and `${x ? ` (${x})` : ''}` (an optional piece of text).
const OPTIONAL_PIECE = new Set(['SpreadElement', 'TemplateLiteral']);

export const noBuriedTernary = {
  meta: {
    type: 'suggestion',
    docs: { description: 'no conditional expression inside the condition or a non-final branch of another' },
    schema: [],
    messages: { buried: 'A conditional inside another conditional: name the decision (a function or a variable).' },
  },
  create(context) {
    return {
      ConditionalExpression(node) {
        let child = node;
        for (let parent = node.parent; parent && !FUNCTION_OR_STATEMENT.test(parent.type); child = parent, parent = parent.parent) {
          if (OPTIONAL_PIECE.has(parent.type)) return;
          if (parent.type !== 'ConditionalExpression') continue;
          // The last branch of a chain, directly: allowed, and the chain's head is checked on its own.
          if (parent.alternate === child && child === node) return;
          context.report({ node, messageId: 'buried' });
          return;
        }
      },
    };
  },
};

export default { rules: { 'no-buried-ternary': noBuriedTernary } };
