/**
 * How a range of numbers is written in prose and tables: `1 – 5,000`, an en dash with a space
 * on each side, as the reference pages' generated constraints write it
 * (src/components/schemaConstraints.ts). The copy test fails on any other form.
 */
export const rangeSeparator = ' – ';

/**
 * The longest paragraph, list item, table cell or definition a page may show, in characters as a
 * reader sees them (inline code included): past it the rule drowns in its detail (issue 42), so
 * the text splits at a seam or its edge cases go into a 细节 block. The build checks every page
 * (plugins/features/prose-limits).
 */
export const paragraphMaxCharacters = 300;

/**
 * The most “见…” pointers a page may hold: a page that sends its reader away from every paragraph
 * tells too little itself (issue 40's standards), so it renders the rule from its data module or
 * links the noun in the sentence instead. The build checks every page.
 */
export const pointerMaxPerPage = 20;

/**
 * A pointer is a link right after text that ends in 见 (参见, 详见, 另见), optionally followed by
 * ： or “; 常见, 可见 and the like are words, not pointers.
 */
export const pointerLead = /(?<![常罕少可看遇])见[：“]?\s*$/u;
