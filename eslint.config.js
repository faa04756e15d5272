// ESLint flat config: typescript-eslint's type-aware rules on src/, test/ and scripts/; Prettier owns layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // src/**/assembly/: AssemblyScript (its own types: i32, v128, load<T>), compiled by scripts/build-wasm.mjs
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'tmp/', 'src/**/assembly/'] },
  js.configs.recommended,
  { rules: { 'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }] } },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.test.json', './src/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Rational prints itself as p/q
      '@typescript-eslint/restrict-template-expressions': ['error', { allow: [{ from: 'file', name: 'Rational' }] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { 'no-unused-vars': ['error', { varsIgnorePattern: '^_' }] },
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
