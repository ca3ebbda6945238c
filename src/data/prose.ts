/**
 * The inline markup of prose in the specs and data modules: `backtick` spans name fields and
 * values, `[text](/path#anchor)` links a page. The site (src/components/Prose.tsx) and the Atom
 * feed (plugins/features/version-feed) read it with this one tokenizer.
 */
export type ProsePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

const token = /(`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;
const linkPart = /^\[([^\]]+)\]\(([^)\s]+)\)$/;

/** `text` split into its parts, in order; a link's text may hold code spans of its own. */
export function proseParts(text: string): ProsePart[] {
  return text
    .split(token)
    .filter((part) => part !== '')
    .map((part): ProsePart => {
      if (part.length > 1 && part.startsWith('`') && part.endsWith('`')) {
        return { kind: 'code', text: part.slice(1, -1) };
      }
      const link = linkPart.exec(part);
      if (link) return { kind: 'link', text: link[1], href: link[2] };
      return { kind: 'text', text: part };
    });
}

/** The prose as plain text (code spans and links reduced to their text), for titles. */
export const proseText = (text: string): string =>
  proseParts(text)
    .map((part) => (part.kind === 'link' ? proseText(part.text) : part.text))
    .join('');
