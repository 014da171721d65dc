// The linter: typescript-eslint and eslint-plugin-svelte's recommended sets (syntax-only, no
// type-aware rules, so a run costs seconds), the architecture's floors (eslint/layers.js) and
// no import circles (import-x/no-cycle). docs/architecture.md, "The linter and the formatter".
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import layers from './eslint/layers.js';

export default ts.config(
  {
    ignores: ['dist/', 'dist-server/', 'test-results/', 'playwright-report/', 'coverage/', 'vendor/', 'node_modules/', 'static/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['src/**/*.{ts,js,svelte}'],
    plugins: { local: { rules: { layers } }, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.svelte.ts', '.js', '.svelte', '.json'] })],
      'import-x/extensions': ['.ts', '.js', '.svelte'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'local/layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
