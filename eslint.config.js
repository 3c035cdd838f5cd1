// The lint: typescript-eslint's recommended rules, the two rules of hooks, no import cycle, and
// nothing about layout (Prettier owns that). Decision 068 says why each choice.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  globalIgnores(['build/', 'build-*/', '.react-router/', 'public/', 'test-results/', 'data/', 'backups/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // no-cycle follows only the files it can parse and resolve: TypeScript, with `~/` through tsconfig.json's paths.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An unused value is a mistake; a leading underscore, or a field left out of a `...rest` copy, says it is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `declare module 'react-router' { interface AppLoadContext extends LoadContext {} }` is how a type is augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Our checks of untrusted input match control characters on purpose (to refuse them); that is this rule's only finding.
      'no-control-regex': 'off',
    },
  },
  {
    // Migrations take Kysely<any> on purpose: they must keep running after the app's table types change.
    files: ['app/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No React renders in tests; their `use…` helpers (useRunningSite) are Vitest fixtures, not hooks.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    files: ['app/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
)
