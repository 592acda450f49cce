// The type-aware linter (typescript-eslint on the compiler's own view of src/): the rules that catch what review
// kept finding, each named with its reason. Formatting is Prettier's (.prettierrc.json), never a lint rule here.
import tseslint from 'typescript-eslint';
import local from './scripts/lint/no-buried-ternary.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'fixtures/**', 'examples/**', 'test/**', 'bench/**', 'scripts/**', '*.mjs'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin, local },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error: the failure then surfaces nowhere (or as an unhandled rejection).
      '@typescript-eslint/no-floating-promises': 'error',
      // An async callback where a sync one is expected (an event handler, forEach) drops its rejection the same way.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      // `await` of a non-promise hides a missing call or a wrong type.
      '@typescript-eslint/await-thenable': 'error',
      // A ternary buried in another's condition or first branch hides a decision a named function would explain;
      // chains in the last branch (one case per line) stay (scripts/lint/no-buried-ternary.mjs says why).
      'local/no-buried-ternary': 'error',
      // Dead code and imports that nothing uses.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Only Error objects are thrown: FaultlineError carries the code a caller branches on.
      '@typescript-eslint/only-throw-error': 'error',
      // `==` coerces; the code compares with `===` everywhere but against null.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
);
