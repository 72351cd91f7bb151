// ESLint flat config: @eslint/js recommended + typescript-eslint strict, type-aware (so that
// floating promises and misused promises are errors), react-hooks for the web app.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Contracts functions and tables holding texts in all four languages: a web chunk importing one carries them all. */
const contractTextsOnlyByCatalogue = {
  name: '@swap/contracts',
  importNames: [
    'MESSAGES',
    'messageText',
    'FIELD_LABELS',
    'fieldLabel',
    'VALIDATION_TEXT',
    'validationText',
    'ENUM_WORDS',
    'enumWord',
    'wordsIn',
    'textCatalogue',
  ],
  message: "Read the contracts' texts through the catalogue (t('message.<key>'), t('field.<name>')): docs/web-kits.md, \"Texts\".",
};

/**
 * The contracts' route and menu tables: the web gets them from the build, per centre (a chunk that
 * imports one puts the whole table in the entry, which every route loads; docs/scaling.md, "Web bundle").
 */
const routeTablesFromTheBuild = {
  name: '@swap/contracts',
  importNames: ['MENU_TREE', 'ROUTES', 'findRoute', 'allPermissionCodes'],
  message:
    'Read the route and menu tables the build makes (virtual:route-sections, virtual:route-table/<centre>, virtual:shell-menu, virtual:menu-names): docs/scaling.md, "Web bundle".',
};

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', '**/test-results/', 'data/', 'apps/server/drizzle/', '**/*.tsbuildinfo']),
  js.configs.recommended,
  tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Test files a package's tsconfig leaves out of its build.
          allowDefaultProject: ['packages/contracts/src/*.test.ts', 'packages/contracts/src/device-link/*.test.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Template literals of numbers are the common, harmless case.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Arrow shorthands returning a call (`onClick={() => setOpen(false)}`) are idiomatic.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // `() => void | Promise<void>` callbacks are idiomatic; no-misused-promises guards their use.
      '@typescript-eslint/no-invalid-void-type': 'off',
      // Zod and Drizzle narrow through generics the checker cannot always follow.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Config files outside any tsconfig: syntax rules only.
    files: ['**/*.{js,mjs,cjs}', '**/vitest.config.ts', 'apps/server/drizzle.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,mjs,cjs}', '**/scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    // The contracts' texts reach the web through its catalogue only (docs/web-kits.md, "Texts"), and
    // the route and menu tables through the build.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/i18n/resources.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [contractTextsOnlyByCatalogue, routeTablesFromTheBuild] }] },
  },
  {
    // zod's JSON-schema code is left out of the web build (noJsonSchemas in apps/web/vite.config.ts): a call would refuse.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportSpecifier[imported.name=/JSONSchema$/]', 'MemberExpression[property.name=/JSONSchema$|^jsonSchema$/]'].map(
          (selector) => ({
            selector,
            message:
              "zod's JSON-schema code is not part of the web build (apps/web/vite.config.ts, noJsonSchemas); the server writes JSON schemas.",
          }),
        ),
      ],
    },
  },
  {
    // Screens call the server through their feature's data hooks (docs/web-kits.md), never the HTTP client.
    files: ['apps/web/src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [contractTextsOnlyByCatalogue, routeTablesFromTheBuild],
          patterns: [
            { group: ['**/shared/api/client'], message: 'Screens call the server through their feature’s data hooks.' },
            {
              group: ['**/shared/api/endpoints'],
              importNames: ['request', 'download'],
              message: 'Screens call the server through their feature’s data hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'packages/contracts/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read loose answers and use non-null assertions freely.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
