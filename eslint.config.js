import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      '.stryker-tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a value that is deliberately unused (destructured away, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests, their helpers and benchmarks read arbitrary JSON responses and poke at wrong shapes on purpose.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'src/**/testing/**',
      'src/**/testing.ts',
      'src/server/**/test-helpers.ts',
      'e2e/**',
      'bench/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'bench/editor-reference/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/app/**/*.tsx', 'bench/editor-reference/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
