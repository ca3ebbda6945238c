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

const variables = codeVariables();

/**
 * The one code theme for both colour modes: every colour is a CSS custom property, whose light and
 * dark values come from the two themes above (`codeColourCss`). Code blocks therefore render the
 * same HTML in either mode, so the server's markup is right before any script runs and the
 * browser keeps it as it is (see `src/theme/CodeBlock`).
 */
export const codeTheme: PrismTheme = variables.theme;

/** The values of `codeTheme`'s custom properties: light by default, dark under `data-theme`. */
export const codeColourCss = [
  `/* Generated from src/css/prismThemes.ts: the code theme's colours in each colour mode. */`,
  `:root {\n  ${variables.light.join('\n  ')}\n}`,
  `[data-theme='dark'] {\n  ${variables.dark.join('\n  ')}\n}`,
  '',
].join('\n');
