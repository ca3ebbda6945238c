/**
 * The in-page tools' messages as a reader reads them: the copy rules of the pages (zhlint with
 * the content tests' options, the glossary's words to avoid), and no sentence in English alone,
 * such as a validator's own wording (`must be <= 2`). Field names and codes are fine: a sentence
 * here is a run between Chinese punctuation, flagged when it has two lowercase English words in
 * a row and no Chinese character.
 */
import { run as zhlint } from 'zhlint';
import { glossary } from '../../src/data/glossary';

/** zhlint's findings and the glossary's avoided words in these Chinese blocks of text. */
export function copyProblems(blocks: readonly string[]): string[] {
  // The same rules as tests/content/pages.spec.ts applies to the pages' prose.
  const options = {
    rules: { preset: 'default', halfwidthPunctuation: '', adjustedFullwidthPunctuation: '' },
  };
  const problems = blocks.flatMap((block) =>
    zhlint(block, options).validations.map((v) => `${v.message}: ${block.slice(0, 120)}`),
  );
  for (const entry of glossary) {
    for (const word of entry.avoid) {
      if (blocks.some((b) => b.includes(word))) problems.push(`${word} → ${entry.term}`);
    }
  }
  return problems;
}

/** The sentences of these texts written in English alone. */
export function latinOnlySentences(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => text.split(/[。；！？：，、（）“”\n]/))
    .map((sentence) => sentence.trim())
    .filter((s) => /\b[a-z]{2,}\s+[a-z]{2,}\b/.test(s) && !/[\u3400-\u9fff]/.test(s));
}
