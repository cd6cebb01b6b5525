/*
 * Import direction: shared → features → app.
 *
 * - Shared layers: src/api (the HTTP client), src/i18n (set-up and every locale file), src/components
 *   (shared UI), src/lib (shared state and logic: the session, forms and field rules, query keys, site
 *   config, theme) and src/test (test helpers). They never import src/features or src/app.
 * - Features (src/features/<name>) never import src/app, and use another feature only through its
 *   public entry, features/<name>/index.ts, which exports just what others use.
 * - src/app (routes, layout, providers) composes everything; it may reach into a feature's pages, as
 *   its lazy routes do to split the bundle.
 * - The admin's areas (src/features/admin/<area>) are bounded the same way inside the admin: an area uses
 *   another only through its entry, features/admin/<area>/index.ts (its screen and what its neighbours
 *   use), and the admin's shared kit (features/admin/components) never imports an area. The admin's own
 *   files (its texts, its screen list, AdminApp) compose the areas.
 *
 * The session lives in src/lib/session, not in the auth feature: the app, the account, the tips, the
 * admin and the tests all read it, and the auth feature only adds the pages that start one.
 *
 * Enforced with `no-restricted-imports` regex patterns, generated per folder depth: every import here is
 * relative, so from a file n folders below src, exactly n `../` lead back to src. No resolver or extra
 * plugin is needed, and the rule also checks `import type`.
 */
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED_LAYERS = ['api', 'i18n', 'components', 'lib', 'test'];
/** Deeper than any folder the code has; a file below it would go unchecked. */
const MAX_DEPTH = 6;

/** The admin's areas: its folders, but for its shared kit and its texts. */
const ADMIN_AREAS = readdirSync(new URL('src/features/admin', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['components', 'locales'].includes(entry.name))
  .map((entry) => entry.name);

const up = (levels) => '(\\.\\./)'.repeat(levels);
const filesAt = (folder, depth) => [`src/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

const SHARED_MESSAGE = 'Shared layers (api, i18n, components, lib, test) do not import features or the app: move what both need into src/lib or src/components.';
const APP_MESSAGE = 'Features do not import the app: move what both need into src/lib or src/components.';
const FEATURE_MESSAGE = "Another feature is used only through its public entry, features/<name>/index.ts: import the feature's folder and export what you need there.";
const ADMIN_AREA_MESSAGE = "Another admin area is used only through its entry, features/admin/<area>/index.ts: import the area's folder and export what you need there, or move what several areas share into features/admin/components.";
const ADMIN_KIT_MESSAGE = "The admin's shared kit (features/admin/components) does not import an admin area: move what both need into the kit.";

/** A feature's file `depth` folders below its feature folder is depth + 2 below src, depth + 1 below src/features. */
const featurePatterns = (depth) => [
  { regex: `^${up(depth + 2)}app(/|$)`, message: APP_MESSAGE },
  { regex: `^${up(depth + 1)}[^./][^/]*/.+`, message: FEATURE_MESSAGE },
];
const areas = `(${ADMIN_AREAS.join('|')})`;

const boundaries = [
  // A shared file `depth` folders below its layer is depth + 1 folders below src.
  ...SHARED_LAYERS.flatMap((layer) =>
    Array.from({ length: MAX_DEPTH }, (_, depth) =>
      restrict(filesAt(layer, depth), [{ regex: `^${up(depth + 1)}(features|app)(/|$)`, message: SHARED_MESSAGE }]),
    ),
  ),
  ...Array.from({ length: MAX_DEPTH }, (_, depth) => restrict(filesAt('features/*', depth), featurePatterns(depth))),
  // Later entries replace the patterns above for the admin's folders, so they repeat them. A file `depth`
  // folders below an admin folder (an area, or the kit) is depth + 1 below the admin's feature folder.
  ...Array.from({ length: MAX_DEPTH - 1 }, (_, depth) =>
    restrict(filesAt('features/admin/*', depth), [...featurePatterns(depth + 1), { regex: `^${up(depth + 1)}${areas}/(?!index$).+`, message: ADMIN_AREA_MESSAGE }]),
  ),
  ...Array.from({ length: MAX_DEPTH - 1 }, (_, depth) =>
    restrict(filesAt('features/admin/components', depth), [...featurePatterns(depth + 1), { regex: `^${up(depth + 1)}${areas}(/|$)`, message: ADMIN_KIT_MESSAGE }]),
  ),
];

export default defineConfig([
  globalIgnores(['dist', 'dist-ssr', 'test-results', 'playwright-report']),
  js.configs.recommended,
  // Type-aware: catches promises left floating or handed to event props that ignore them.
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_name` marks what is left out on purpose (an unused parameter, a property dropped by a rest pattern).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  ...boundaries,
  {
    // The build's own scripts and configs: plain JavaScript run by Node, outside the TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
]);
