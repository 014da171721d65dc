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
    // Built, vendored or generated; resvg-instance.mjs is resvg-wasm's glue kept as published.
    ignores: [
      'dist/',
      'dist-server/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'vendor/',
      'node_modules/',
      'static/',
      '**/*.d.ts',
      'src/platform/codecs/resvg-instance.mjs',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks what is deliberately unused: a binding that drops a field from a rest
      // copy (`const { image: _image, ...rest }`), an each-block item only counted.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Collections in page state are replaced whole ($state.raw, copy then assign: docs/
      // architecture.md, Conventions), which this rule cannot tell from mutation in place;
      // SvelteMap/SvelteSet would add a signal per entry for nothing.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    // Tests walk parsed YAML and JSON documents (manifests, OpenAPI) by path; a wrong path fails
    // the test, so typing each document would add casts and catch nothing more.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['src/**/*.{ts,js,svelte}'],
    plugins: { local: { rules: { layers } }, 'import-x': importX },
    // The circle rule parses the modules a file imports with that file's parser options: a .ts
    // file reaching a .svelte one needs the TypeScript parser named for the component's script.
    languageOptions: { parserOptions: { parser: ts.parser } },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.svelte.ts', '.js', '.svelte', '.json'] }),
      ],
      'import-x/extensions': ['.ts', '.js', '.svelte'],
      // One run parses each module once for the circle rule (the default forgets after 30 s).
      'import-x/cache': { lifetime: Infinity },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'], 'svelte-eslint-parser': ['.svelte'] },
    },
    rules: {
      'local/layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
