import { themes, type PrismTheme } from 'prism-react-renderer';

type TokenStyle = PrismTheme['plain'];

/**
 * Code colours with WCAG AA contrast (4.5:1) on their own background: Visual Studio's light and
 * dark themes, with the few token colours that fall short replaced.
 */
function recolour(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((s) =>
      s.style.color && replacements[s.style.color]
        ? { ...s, style: { ...s.style, color: replacements[s.style.color] } }
        : s,
    ),
  };
}

export const lightCodeTheme = recolour(themes.vsLight, {
  'rgb(255, 0, 0)': 'rgb(190, 0, 0)',
});

export const darkCodeTheme = recolour(themes.vsDark, {
  'rgb(0, 0, 128)': 'rgb(106, 153, 85)',
  'rgb(100, 102, 149)': 'rgb(156, 158, 214)',
  '#808080': '#a0a0a0',
});

/**
 * The style a token type gets in a language (`undefined`: the entries that hold for every
 * language), as prism-react-renderer resolves it: matching entries in order, later ones winning.
 */
export function resolve(theme: PrismTheme, type: string, language?: string): TokenStyle {
  return theme.styles
    .filter((s) => s.types.includes(type))
    .filter((s) => !s.languages || (language !== undefined && s.languages.includes(language)))
    .reduce<TokenStyle>((style, s) => ({ ...style, ...s.style }), {});
}

/** `backgroundColor` → `background-color`. */
const cssName = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One custom property per token type (and language scope) and style property. */
const variable = (scope: string, property: string) =>
  `--code-${scope}-${cssName(property)}`.replace(/[^\w-]/g, '-');

/** The variables of every style both themes set, with each theme's value. */
function codeVariables(): { theme: PrismTheme; light: string[]; dark: string[] } {
  const light: string[] = [];
  const dark: string[] = [];
  const define = (scope: string, styles: [TokenStyle, TokenStyle]): TokenStyle => {
    const [l, d] = styles;
    const style: Record<string, string> = {};
    for (const property of new Set([...Object.keys(l), ...Object.keys(d)])) {
      const name = variable(scope, property);
      // A property only one theme sets falls back to that mode's plain text or background.
      const pick = (s: TokenStyle, plain: TokenStyle) =>
        String(s[property as keyof TokenStyle] ?? plain[property as keyof TokenStyle] ?? 'inherit');
      light.push(`${name}: ${pick(l, lightCodeTheme.plain)};`);
      dark.push(`${name}: ${pick(d, darkCodeTheme.plain)};`);
      style[property] = `var(${name})`;
    }
    return style as TokenStyle;
  };
  const plain = define('plain', [lightCodeTheme.plain, darkCodeTheme.plain]);
  const both = [lightCodeTheme, darkCodeTheme];
  const types = [...new Set(both.flatMap((t) => t.styles.flatMap((s) => s.types)))];
  const languages = [...new Set(both.flatMap((t) => t.styles.flatMap((s) => s.languages ?? [])))];
  const styles: PrismTheme['styles'] = types.map((type) => ({
    types: [type],
    style: define(type, [resolve(lightCodeTheme, type), resolve(darkCodeTheme, type)]),
  }));
  for (const language of languages) {
    for (const type of types) {
      const scoped: [TokenStyle, TokenStyle] = [
        resolve(lightCodeTheme, type, language),
        resolve(darkCodeTheme, type, language),
      ];
      const general = [resolve(lightCodeTheme, type), resolve(darkCodeTheme, type)];
      if (scoped.every((s, i) => JSON.stringify(s) === JSON.stringify(general[i]))) continue;
      styles.push({
        types: [type],
        languages: [language],
        style: define(`${language}-${type}`, scoped),
      });
    }
  }
  return { theme: { plain, styles }, light, dark };
}

/** Every token type either theme colours, in some language. */
const colouredTypes = new Set(
  [lightCodeTheme, darkCodeTheme].flatMap((theme) => theme.styles.flatMap((s) => s.types)),
);

/**
 * The type a token takes its colour from, as prism-react-renderer resolves it (each of the token's
 * types in turn, later ones winning): the last of its types that the theme colours. A type only
 * one theme colours takes that mode's plain colour in the other, which matches prism-react-renderer
 * unless an earlier type of the same token is coloured there; tests/contract/code-colours.spec.ts
 * holds this to the library's own result for all the code the site shows.
 */
export function colourType(types: readonly string[]): string | undefined {
  return [...types].reverse().find((type) => colouredTypes.has(type));
}

/**
 * The one code theme for both colour modes, and one without styles: prism-react-renderer then
 * writes no inline style on the code's lines and tokens (a third of a page's HTML where code is
 * long), and the stylesheet `codeColourCss` colours them by their classes, each colour a custom
 * property whose light and dark values come from the two themes above. Code blocks therefore
 * render the same HTML in either mode, so the server's markup is right before any script runs and
 * the browser keeps it as it is (see `src/theme/CodeBlock`).
 */
export const codeTheme: PrismTheme = { plain: {}, styles: [] };

const declarations = (style: TokenStyle) =>
  Object.entries(style)
    .map(([property, value]) => `${cssName(property)}: ${String(value)};`)
    .join(' ');

/**
 * A token's colour by its classes. CSS cannot see which of a token's classes comes last, but an
 * attribute selector can: `src/theme/CodeBlock/Line/Token` puts the type the colour comes from
 * (`colourType`) last in the class list, so the rules on the class list's end hold exactly. The
 * class rules before them, without specificity, are the fallback for code highlighted elsewhere
 * (the OpenAPI theme's request editor): there, when several coloured types meet, the later rule
 * wins.
 */
function tokenRules(variables: ReturnType<typeof codeVariables>): string[] {
  const scope = (languages?: string[]) => (languages ? `.language-${languages[0]} ` : '');
  const entries = variables.theme.styles.flatMap((s) => s.types.map((type) => ({ ...s, type })));
  return [
    `.prism-code { ${declarations(variables.theme.plain)} }`,
    ...entries.map(
      (e) => `:where(${scope(e.languages)}.token.${e.type}) { ${declarations(e.style)} }`,
    ),
    ...entries.map(
      (e) => `${scope(e.languages)}.token[class$=' ${e.type}'] { ${declarations(e.style)} }`,
    ),
  ];
}

/**
 * The code theme's stylesheet, written at build time (plugins/features/code-colours): the custom
 * properties' light values by default and dark ones under `data-theme`, the classic theme's own
 * `--prism-*` properties, and the token rules. A function, so that the browser, which imports
 * this module for `colourType`, does not build it.
 */
export function codeColourCss(): string {
  const variables = codeVariables();
  return [
    `/* Generated from src/css/prismThemes.ts: the code theme's colours in each colour mode. */`,
    `:root {\n  ${variables.light.join('\n  ')}\n}`,
    `[data-theme='dark'] {\n  ${variables.dark.join('\n  ')}\n}`,
    // Set on each block's container from the theme's plain style, which is now empty.
    `:root { --prism-color: var(--code-plain-color); --prism-background-color: var(--code-plain-background-color); }`,
    ...tokenRules(variables),
    '',
  ].join('\n');
}
