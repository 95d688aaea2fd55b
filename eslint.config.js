import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const tsExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
/** Resolves the sources' imports ('./x' and the server's './x.js') to their .ts/.tsx files. */
const importResolver = createNodeResolver({
  extensions: tsExtensions,
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
  conditionNames: ['source', 'import', 'default'],
});

const importSettings = {
  'import-x/resolver-next': [importResolver],
  'import-x/extensions': tsExtensions,
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
};

// The layers of the two browser apps, top to bottom: app -> features -> shared
// -> lib -> @club/contract (docs/architecture.md); the console has no shared/
// layer (its lib/ is what its features share). `testing` holds the test helpers.
const appElements = (name) => {
  const at = (folder) => `apps/${name}/src/${folder}`;
  return [
    { type: `${name}-app`, pattern: at('app') },
    { type: `${name}-feature`, pattern: at('features/*'), capture: ['feature'] },
    { type: `${name}-shared`, pattern: at('shared') },
    { type: `${name}-lib`, pattern: at('lib') },
    { type: `${name}-testing`, pattern: at('testing') },
    { type: `${name}-styles`, pattern: at('styles') },
  ].map((element) => ({ ...element, partialMatch: false }));
};
// Members that dependencies keep to themselves (decision 038): drizzle's statement walk and
// the driver client it hides in a database, PGlite's locks, and anything named with a leading
// underscore and a small letter (`db._`, `_runExclusiveQuery`; the contract's `_Price` is a field
// of the spec's answers). A cast through `unknown` to a shape naming these, or the dialect,
// session or casing a drizzle database keeps, reaches into one too.
const privateNames =
  '_|_[a-z].*|\\$client|queryChunks|shouldInlineParams|buildQueryFromSourceParams|mapInlineParam';
const privateMember = `/^(${privateNames})$/`;
const privateShape = `/^(${privateNames}|dialect|session|casing|sqlToQuery)$/`;
const privateMessage = "A dependency's private member: use its public API (decision 038).";
const privateMemberRules = [
  { selector: `MemberExpression[property.name=${privateMember}]`, message: privateMessage },
  { selector: `MemberExpression[property.value=${privateMember}]`, message: privateMessage },
  {
    selector: `TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword'] TSPropertySignature[key.name=${privateShape}]`,
    message: privateMessage,
  },
];
/** Product code: what the build ships, without tests, their helpers and the security suites. */
const productFiles = [
  'apps/server/src/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'apps/console/src/**/*.{ts,tsx}',
  'packages/contract/src/**/*.ts',
];
const privateMembersExample = 'apps/server/src/testing/fixtures/private-members/**';
const toLayers = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** The boundary rules of one browser app (`web` or `console`): its layers, one way. */
const layersOf = (name) => {
  const type = (layer) => `${name}-${layer}`;
  return {
    files: [`apps/${name}/src/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      // Element patterns are paths from the repository root, wherever ESLint runs from.
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': appElements(name),
      'boundaries/files': [
        { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/testing/**'] },
        { category: 'source', pattern: '**/*.{ts,tsx}' },
      ],
      'boundaries/files-single-match': true,
      'import/resolver': { node: { extensions: tsExtensions } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: type('feature') } },
              disallow: {
                to: {
                  element: {
                    type: type('feature'),
                    captured: { feature: '!{{ from.captured.feature }}' },
                  },
                },
              },
              message:
                name === 'web'
                  ? 'A feature never imports another feature: move what they share to shared/.'
                  : 'A console area never imports another area: move what they share to lib/.',
            },
            {
              // A feature's tests may render the whole app around its screens.
              from: { element: { type: type('feature') }, file: { categories: 'source' } },
              disallow: toLayers(type('app')),
              message: 'Features never import app/ (the top layer).',
            },
            {
              from: { element: { type: type('shared') } },
              disallow: toLayers(type('app'), type('feature')),
              message: 'shared/ imports only shared/, lib/ and the contract.',
            },
            {
              from: { element: { type: type('lib') } },
              disallow: toLayers(type('feature'), type('shared')),
              message: 'lib/ imports only lib/ and the contract.',
            },
            {
              // A test of lib/ may render the whole app around what it tests.
              from: { element: { type: type('lib') }, file: { categories: 'source' } },
              disallow: toLayers(type('app')),
              message: 'lib/ imports only lib/ and the contract.',
            },
            {
              from: { file: { categories: 'source' } },
              disallow: toLayers(type('testing')),
              message: 'Only tests and test helpers import src/testing/.',
            },
          ],
        },
      ],
    },
  };
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      // An import circle on purpose, linted by apps/web/src/architecture/layers.test.ts.
      'apps/web/src/architecture/fixtures/**',
      // A cycle on purpose: the no-cycle rule's own test lints it (apps/server/src/import-cycles.test.ts).
      'apps/server/src/testing/fixtures/import-cycle/**',
      // Private members on purpose: the guard's own test lints them (apps/server/src/private-members.test.ts).
      privateMembersExample,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The programs of `npm run typecheck`, so that a file is read into one
      // program only: the server with its tools, the two apps, the journeys.
      parserOptions: {
        project: ['apps/server/tsconfig.json', 'tsconfig.apps.json', 'tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The benchmarks and tests may drive the server's code; the web app and contract never.
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@club/server*'],
              message: 'The web app, the console and the contract never import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's program has the DOM library for the bench's page code:
    // the server itself never runs in a browser.
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator'].map(
          (name) => ({ name, message: 'Server and contract code runs in Node, not in a browser.' }),
        ),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One direction: nothing imports a layer above it, and features never import each other.
  ...['web', 'console'].map((name) => layersOf(name)),
  {
    // No import circles in the web app and the console.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // No import circles in the server: its modules depend one way (apps/server/README.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Product code reaches its dependencies through their public APIs only (decision 038).
    files: productFiles,
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'apps/server/src/security/**'],
    rules: { 'no-restricted-syntax': ['error', ...privateMemberRules] },
  },
  {
    // The rule's own example, linted by apps/server/src/private-members.test.ts.
    files: [privateMembersExample],
    rules: { 'no-restricted-syntax': ['error', ...privateMemberRules] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // CommonJS on purpose: Dredd loads its hooks with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
