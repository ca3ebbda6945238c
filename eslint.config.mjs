// Lint for the site's TypeScript and React code; `npm run lint` allows no warnings.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      '.docusaurus-*/',
      '.generated/',
      '.tmp/',
      'node_modules/',
      'docs/api/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...docusaurus.configs.all.rules,
    },
  },
  {
    // Content components render zh-Hans page content of a single-locale site, not theme chrome:
    // their labels are copy, like the MDX around them, so they are not routed through translate().
    files: ['src/components/**/*.tsx'],
    rules: { '@docusaurus/no-untranslated-text': 'off' },
  },
);
