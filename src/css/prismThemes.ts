import { themes, type PrismTheme } from 'prism-react-renderer';

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
